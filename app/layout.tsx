import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { ThemeScript } from "@/components/shell/theme-script";
import { TimeZoneScript } from "@/components/shell/time-zone-script";
import { ServerClockProvider } from "@/components/ui/server-clock";
import { serverClock } from "./server-clock";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Studio", template: "%s · Studio" },
  description: "The design team's image generation studio",
  // A private studio: public/robots.txt keeps crawlers out; this keeps pages they reach anyway out of indexes.
  robots: { index: false, follow: false },
  // public/apple-touch-icon.png needs no link: iOS looks for it at the root by that name.
  manifest: "/site.webmanifest",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Set by proxy.ts for every page; the theme script must carry it to run under the page's CSP.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const clock = await serverClock();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
        <TimeZoneScript nonce={nonce} />
      </head>
      <body className="min-h-dvh font-sans">
        <ServerClockProvider {...clock}>
          {children}
        </ServerClockProvider>
      </body>
    </html>
  );
}
