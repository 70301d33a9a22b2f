"use client";

import { usePathname } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";

type Menu = { open: boolean; toggle: () => void; close: () => void; panelId: string };

const MenuContext = createContext<Menu | null>(null);

function useMenu(): Menu {
  const menu = useContext(MenuContext);
  if (!menu) throw new Error("ShellMenuButton and ShellMenuPanel belong inside ShellMenu");
  return menu;
}

// On narrow screens the shell's top bar keeps only the logo, the activity button, the sections and
// a Menu button; the team picker and the account's links wait behind that button so the page starts
// high on a phone. Wide screens show the panel in the sidebar as always. The menu is open for the
// page it was opened on: following a link closes it.
export function ShellMenu({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const panelId = useId();
  const open = openOn === pathname;
  const toggle = useCallback(() => setOpenOn((current) => (current === pathname ? null : pathname)), [pathname]);
  const close = useCallback(() => setOpenOn(null), []);
  const menu = useMemo(() => ({ open, toggle, close, panelId }), [open, toggle, close, panelId]);
  return <MenuContext.Provider value={menu}>{children}</MenuContext.Provider>;
}

const menuIcon = "M3.5 5.5h13M3.5 10h13M3.5 14.5h13";
const closeIcon = "M5 5l10 10M15 5 5 15";

export function ShellMenuButton() {
  const { open, toggle, close, panelId } = useMenu();
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    function onKey(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      close();
      button.current?.focus();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, close]);

  return (
    <button
      ref={button}
      type="button"
      onClick={toggle}
      aria-expanded={open}
      aria-controls={panelId}
      className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 lg:hidden dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      data-testid="shell-menu-button"
    >
      <svg viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" aria-hidden>
        <path d={open ? closeIcon : menuIcon} />
      </svg>
      Menu
    </button>
  );
}

/** What the Menu button shows and hides on narrow screens; always shown on wide ones. */
export function ShellMenuPanel({ className = "", children }: { className?: string; children: ReactNode }) {
  const { open, panelId } = useMenu();
  return (
    <div id={panelId} className={`${open ? "" : "hidden"} lg:block ${className}`} data-testid="shell-menu-panel">
      {children}
    </div>
  );
}
