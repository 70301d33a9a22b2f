import { handlers } from "@/lib/auth/auth";
import { refusingTokens } from "@/lib/http/route";

// Signing in makes a session: never for a request that brings a personal access token.
export const GET = refusingTokens(handlers.GET);
export const POST = refusingTokens(handlers.POST);
