import { HTML_LANG, type Language } from "@/config/languages";
import { i18n, userLanguage } from "@/lib/i18n";
import { OFFLINE_TEXTS } from "./offline-texts";
import "./offline-notice.css";

interface NoticeOptions {
  doc?: Document;
  win?: Window;
  language?: () => Language;
}

/**
 * While the device is offline, a notice says so above the page, in the user's language. It is
 * plain DOM outside React's tree, with its texts in this bundle (./offline-texts): it shows even
 * when the app itself could not start for want of its locale chunk, and in the language the app
 * chose or will choose (it mounts before the app starts: main.tsx imports it first). Online it is
 * an empty live region, so that screen readers announce the text when it appears. Returns its
 * removal.
 */
export function mountOfflineNotice({ doc = document, win = window, language = userLanguage }: NoticeOptions = {}): () => void {
  const notice = doc.createElement("div");
  notice.className = "offline-notice";
  notice.setAttribute("role", "status");
  notice.setAttribute("data-testid", "offline-notice");
  doc.body.append(notice);

  const update = () => {
    if (win.navigator.onLine) {
      notice.replaceChildren();
      notice.removeAttribute("lang");
      return;
    }
    const lang = language();
    const text = OFFLINE_TEXTS[lang];
    const title = doc.createElement("strong");
    title.textContent = text.title;
    notice.lang = HTML_LANG[lang];
    notice.replaceChildren(title, " ", text.body);
  };
  update();
  win.addEventListener("online", update);
  win.addEventListener("offline", update);
  i18n.on("languageChanged", update);
  const stopFollowing = () => i18n.off("languageChanged", update);
  return () => {
    win.removeEventListener("online", update);
    win.removeEventListener("offline", update);
    stopFollowing();
    notice.remove();
  };
}
