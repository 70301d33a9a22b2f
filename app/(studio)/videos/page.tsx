import { notFound } from "next/navigation";

// Not built: a typed address gets the 404 page rather than a placeholder announcing the section.
export default function Page() {
  notFound();
}
