import { z } from "zod";

// Shared by the sign-up/sign-in forms and the server, so the browser shows the same rule the server
// enforces.
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Email must be a valid address like name@example.com"));

export const signUpSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(80, "Name must be at most 80 characters"),
  email: emailSchema,
  password: z
    .string()
    .min(10, "Password must be at least 10 characters")
    .max(200, "Password must be at most 200 characters"),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Password is required"),
});
export type SignInInput = z.infer<typeof signInSchema>;
