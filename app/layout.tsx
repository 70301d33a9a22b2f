import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import type { ReactNode } from "react";
import { ThemeScript } from "@/components/shell/theme-script";
import { TimeZoneScript } from "@/components/shell/time-zone-script";
import { TimeZoneProvider } from "@/components/ui/time-zone";
import { knownTimeZone, TIME_ZONE_COOKIE } from "@/components/ui/time-zone-cookie";
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
  const zone = knownTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value);
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
        <TimeZoneScript nonce={nonce} />
      </head>
      <body className="min-h-dvh font-sans">
        <TimeZoneProvider zone={zone}>{children}</TimeZoneProvider>
      </body>
    </html>
  );
}
