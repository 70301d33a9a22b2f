import { CHAT_PANEL_SELECTOR, THREAD_END_SELECTOR, THREAD_SCROLLER_SELECTOR } from "./chat-panel";

// Where the thread has no scroll area of its own (narrow screens: the window scrolls), CSS cannot open
// it at its end as it does on wide screens (chat-panel). This script scrolls the window there as the
// server's HTML is read, before the page wakes up, so a reloaded conversation shows its newest turn
// and waking moves nothing. The conversation is streamed after this script, and shown only once
// complete, so the script waits for the chat panel to be in place. Pages drawn in the browser (a link
// followed) are scrolled by the thread itself.
const script = `(function(){
function place(){
var panel=document.querySelector(${JSON.stringify(CHAT_PANEL_SELECTOR)});
if(!panel||panel.closest("[hidden]"))return false;
var end=panel.querySelector(${JSON.stringify(THREAD_END_SELECTOR)});
var scroller=end&&end.closest(${JSON.stringify(THREAD_SCROLLER_SELECTOR)});
if(scroller&&getComputedStyle(scroller).overflowY==="visible")end.scrollIntoView({block:"end"});
return true;
}
if(place())return;
var observer=new MutationObserver(function(){if(place())observer.disconnect()});
observer.observe(document.body,{childList:true,subtree:true});
})()`;

/** Placed in the conversation's page, with the page's CSP nonce. */
export function ThreadEndScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
