import { useEffect, useState } from "react";
import { fetchPrivateImage } from "@/lib/upload-image";

export type PrivateImage = { status: "loading" } | { status: "ready"; src: string } | { status: "failed" };

/**
 * A private upload as an object URL an `<img>` can show: fetched with the session token, and
 * revoked when the location changes or the component goes away (an object URL holds the image's
 * bytes in memory until revoked). Loading until the bytes arrive; failed on any refusal.
 */
export function usePrivateImage(location: string): PrivateImage {
  // Keyed by location, so a new location reads as loading without a state update in the effect.
  const [loaded, setLoaded] = useState<{ location: string; image: PrivateImage } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchPrivateImage(location, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ location, image: { status: "ready", src: objectUrl } });
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ location, image: { status: "failed" } });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [location]);
  return loaded?.location === location ? loaded.image : { status: "loading" };
}
