// Line icons of the chat editor: 20x20 path data drawn with a 1.5 stroke, like the navigation icons.
const paths = {
  plus: "M10 4.5v11M4.5 10h11",
  search: "M8.75 3.5a5.25 5.25 0 1 0 0 10.5 5.25 5.25 0 0 0 0-10.5ZM12.5 12.5l4 4",
  pencil: "M13.25 3.75l3 3-9.5 9.5H3.75v-3l9.5-9.5ZM11.5 5.5l3 3",
  trash: "M4 6h12M8 6V4.25h4V6M5.5 6l.75 10h7.5l.75-10",
  chevronLeft: "M12 5l-5 5 5 5",
  chevronRight: "M8 5l5 5-5 5",
  chevronDown: "M5 8l5 5 5-5",
  sliders: "M3 6h8.5m3 0H17M13 4v4M3 14h2.5m3 0H17M7 12v4",
  photo: "M3.5 5.5a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9a2 2 0 0 1-2-2v-9ZM3.5 13l3.5-3.5 3 3 2-2 4.5 4.5M12.5 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z",
  send: "M10 16V4.5M5 9.5l5-5 5 5",
  branch: "M6 3.5v13M14 3.5V6a4 4 0 0 1-4 4H6",
  retry: "M4.5 10a5.5 5.5 0 1 0 1.6-3.9M4.5 3.5v3h3",
  list: "M3.5 5.5h13M3.5 10h13M3.5 14.5h13",
  download: "M10 3.5v9.5M6 9l4 4 4-4M4 16.5h12",
  expand: "M12 3.5h4.5V8M8 16.5H3.5V12M16.5 3.5l-5 5M3.5 16.5l5-5",
  sparkle: "M10 2.5l1.7 4.8 4.8 1.7-4.8 1.7L10 15.5l-1.7-4.8L3.5 9l4.8-1.7L10 2.5Z",
  chat: "M3 4.5A1.5 1.5 0 0 1 4.5 3h11A1.5 1.5 0 0 1 17 4.5v8a1.5 1.5 0 0 1-1.5 1.5H8l-4 3v-3h.5A1.5 1.5 0 0 1 3 12.5v-8Z",
  warning: "M10 3.5l7 12.5H3L10 3.5ZM10 8.5v3.5M10 14v.01",
  stop: "M6 6h8v8H6V6Z",
  fork: "M6 3.5v3a3.5 3.5 0 0 0 3.5 3.5h1A3.5 3.5 0 0 0 14 6.5v-3M10 10v6.5",
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, className = "size-4" }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={`shrink-0 ${className}`} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d={paths[name]} />
    </svg>
  );
}
