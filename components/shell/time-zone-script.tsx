import { TIME_ZONE_COOKIE } from "@/components/ui/time-zone-cookie";

// Runs before first paint on every page: the next page the server draws knows the designer's time
// zone (components/ui/time-zone-cookie). Written only when it changed, for a year.
const script = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;var c=${JSON.stringify(`${TIME_ZONE_COOKIE}=`)};if(z&&document.cookie.split("; ").indexOf(c+encodeURIComponent(z))<0)document.cookie=c+encodeURIComponent(z)+";path=/;max-age=31536000;samesite=lax"}catch(e){}})()`;

export function TimeZoneScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
