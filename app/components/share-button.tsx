/**
 * Share an article (rule 3.1): the device share sheet when the browser has
 * one, else the link is copied and the toast 'Link copied!' says so.
 */
import { Share2 } from "lucide-react";
import { showToast } from "../lib/toast";

/** The Share button for the page at `url` titled `title`. */
export function ShareButton({ title, url }: { title: string; url: string }) {
  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return; // the visitor closed the sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      showToast({ title: "Link copied!", description: "The article link has been copied to your clipboard." });
    } catch {
      showToast({
        title: "Could not copy the link",
        description: "Copy the address from your browser's address bar instead.",
        variant: "destructive",
      });
    }
  }
  return (
    <button
      type="button"
      onClick={() => void share()}
      className="inline-flex items-center gap-2 rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
    >
      <Share2 aria-hidden="true" className="size-4" />
      Share
    </button>
  );
}
