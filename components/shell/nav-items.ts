export type NavItem = { href: string; label: string; description: string; adminOnly?: boolean; icon: string };

// Icons are 20x20 SVG path data, drawn by NavLinks and the home page cards.
export const navItems: NavItem[] = [
  { href: "/chat", label: "Chat editor", description: "Multi-turn image editing with alpha v3.5", icon: "M3 4.5A1.5 1.5 0 0 1 4.5 3h11A1.5 1.5 0 0 1 17 4.5v8a1.5 1.5 0 0 1-1.5 1.5H8l-4 3v-3h0.5A1.5 1.5 0 0 1 3 12.5v-8Z" },
  { href: "/alpha", label: "Alpha v3", description: "Text-to-image with presets and references", icon: "M3 5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5Zm3 9h8l-2.5-3.5-2 2.5L8 11l-2 3Zm1.5-6a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z" },
  { href: "/beta", label: "Beta", description: "Pro and Lite: layer decomposition and group sets", icon: "M10 2 2 6l8 4 8-4-8-4Zm-6.5 7.2L2 10l8 4 8-4-1.5-.8L10 12.4 3.5 9.2Zm0 4L2 14l8 4 8-4-1.5-.8L10 16.4l-6.5-3.2Z" },
  { href: "/compare", label: "Compare", description: "One prompt on several image models, side by side", icon: "M3 4h6v12H3V4Zm8 0h6v12h-6V4Z" },
  { href: "/videos", label: "Videos", description: "Asynchronous video jobs: text, keyframes, references", icon: "M2.5 5.5A1.5 1.5 0 0 1 4 4h8.5A1.5 1.5 0 0 1 14 5.5v9a1.5 1.5 0 0 1-1.5 1.5H4a1.5 1.5 0 0 1-1.5-1.5v-9Zm11.5 3 3.5-2.5v8L14 11.5" },
  { href: "/gallery", label: "Gallery", description: "Everything you and your teams made: find, reuse, share", icon: "M3 3h6v6H3V3Zm8 0h6v6h-6V3ZM3 11h6v6H3v-6Zm8 0h6v6h-6v-6Z" },
  { href: "/teams", label: "Teams", description: "Your teams, their members and invite links", icon: "M7 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm6.5 0a2.5 2.5 0 1 0 0-5M1.5 17c0-3 2.5-5 5.5-5s5.5 2 5.5 5M13.5 12c2.8 0 5 1.8 5 5" },
  { href: "/admin", label: "Admin", description: "Users and the upstream services in use", adminOnly: true, icon: "M10 2 3 5v5c0 4 3 7 7 8 4-1 7-4 7-8V5l-7-3Z" },
];
