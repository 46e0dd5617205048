import { LANGUAGE_META, type Language, isLanguage } from "@/config/languages";
import { detectLanguage, i18next } from "@/lib/i18n";
import { OFFLINE_TEXTS } from "./offline-texts";
import "./offline-notice.css";

/** The app's language: i18next's once it started (even when its catalogue failed to load), else detected as it does. */
export function noticeLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : detectLanguage();
}

interface NoticeOptions {
  doc?: Document;
  win?: Window;
  language?: () => Language;
}

/**
 * While the device is offline, a notice says so above the page, in the user's language. It is
 * plain DOM outside React's tree, with its texts in this bundle (./offline-texts): it shows even
 * when the app itself could not start for want of its locale chunk. Online it is an empty live
 * region, so that screen readers announce the text when it appears. Returns its removal.
 */
export function mountOfflineNotice({ doc = document, win = window, language = noticeLanguage }: NoticeOptions = {}): () => void {
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
    notice.lang = LANGUAGE_META[lang].htmlLang;
    notice.replaceChildren(title, " ", text.body);
  };
  update();
  win.addEventListener("online", update);
  win.addEventListener("offline", update);
  i18next.on("languageChanged", update);
  return () => {
    win.removeEventListener("online", update);
    win.removeEventListener("offline", update);
    i18next.off("languageChanged", update);
    notice.remove();
  };
}
