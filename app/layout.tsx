import type { Metadata } from "next";
import type { ReactNode } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import { ThemeScript } from "@/components/shell/theme-script";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Studio", template: "%s · Studio" },
  description: "The design team's image and video generation studio",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript />
      </head>
      <body className="min-h-dvh font-sans">
        <QueryProvider>{children}</QueryProvider>
      </body>
    </html>
  );
}
