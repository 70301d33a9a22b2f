// Runs before first paint so the page never flashes the wrong theme. Until the designer picks a
// theme with the toggle, the page follows the system's preference, also when it changes while open.
const script = `(function(){try{var q=matchMedia("(prefers-color-scheme: dark)");var apply=function(){var t=localStorage.getItem("studio-theme");document.documentElement.classList.toggle("dark",t?t==="dark":q.matches)};apply();q.addEventListener("change",apply)}catch(e){}})()`;

export function ThemeScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
