"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { navItems } from "./nav-items";
import { centredScrollLeft } from "./strip-scroll";

/** `invitationCount`: team invitations waiting for the user's answer, shown beside Teams. */
export function NavLinks({ isAdmin, invitationCount }: { isAdmin: boolean; invitationCount: number }) {
  const pathname = usePathname();
  const strip = useRef<HTMLElement>(null);

  // On narrow screens the sections are one scrolling strip: the current one is brought into view,
  // or a phone would open on Chat editor and Alpha v3 whatever page it is on.
  useEffect(() => {
    const nav = strip.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    nav.scrollLeft = centredScrollLeft({ itemStart: current.offsetLeft, itemWidth: current.offsetWidth, viewportWidth: nav.clientWidth, contentWidth: nav.scrollWidth });
  }, [pathname]);

  return (
    <nav
      ref={strip}
      aria-label="Sections"
      className="relative -mx-3 flex gap-1 overflow-x-auto px-3 [scrollbar-width:none] lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0"
    >
      {navItems
        .filter((item) => isAdmin || !item.adminOnly)
        .map((item) => {
          const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <Link
              key={item.href}
              href={item.href}
              aria-current={active ? "page" : undefined}
              className={`flex shrink-0 items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors lg:gap-3 lg:px-3 lg:py-2 ${
                active
                  ? "bg-accent-50 text-accent-700 dark:bg-accent-500/15 dark:text-accent-400"
                  : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
              }`}
            >
              <svg viewBox="0 0 20 20" className="size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" aria-hidden>
                <path d={item.icon} />
              </svg>
              {item.label}
              {item.href === "/teams" && invitationCount > 0 ? (
                <span
                  className="ml-auto rounded-full bg-accent-600 px-1.5 py-0.5 text-xs leading-none font-semibold text-white"
                  title={invitationCount === 1 ? "1 team invitation waits for your answer" : `${invitationCount} team invitations wait for your answer`}
                  data-testid="team-invitation-count"
                >
                  {invitationCount}
                  <span className="sr-only">{invitationCount === 1 ? " invitation" : " invitations"}</span>
                </span>
              ) : null}
            </Link>
          );
        })}
    </nav>
  );
}
