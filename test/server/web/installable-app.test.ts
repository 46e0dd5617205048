import fs from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGES, REVALIDATE } from "../../../web-server/static-files";
import { request, startWeb } from "./support";

const ROOT = path.resolve(__dirname, "../../..");
const PUBLIC = path.join(ROOT, "public");
const INDEX_HTML = fs.readFileSync(path.join(ROOT, "index.html"), "utf8");

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

let site: Awaited<ReturnType<typeof startWeb>>;
beforeAll(async () => {
  // Nothing listens there: these requests never reach the API.
  site = await startWeb("http://127.0.0.1:9");
  // The real manifest and icons, and a worker script where the build writes one.
  fs.cpSync(path.join(PUBLIC, "manifest.webmanifest"), path.join(site.root, "manifest.webmanifest"));
  fs.cpSync(path.join(PUBLIC, "icons"), path.join(site.root, "icons"), { recursive: true });
  fs.cpSync(path.join(PUBLIC, "demo"), path.join(site.root, "demo"), { recursive: true });
  fs.writeFileSync(
    path.join(site.root, "sw.js"),
    `(function(){self.addEventListener("fetch",function(){});${" ".repeat(2000)}})();`,
  );
});
afterAll(async () => site?.close());

describe("the web manifest", () => {
  it("is linked from index.html", () => {
    expect(INDEX_HTML).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest" \/>/);
    expect(INDEX_HTML).toMatch(/<link rel="apple-touch-icon" href="\/icons\/apple-touch-icon\.png" \/>/);
  });

  it("is served as application/manifest+json, revalidated on every use", async () => {
    const res = await request(`${site.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(res.headers["cache-control"]).toBe(REVALIDATE);
    expect(() => JSON.parse(res.body.toString("utf8")) as unknown).not.toThrow();
  });

  it("makes the app installable: names, home as start page, standalone, the page's colours", () => {
    const m = JSON.parse(fs.readFileSync(path.join(PUBLIC, "manifest.webmanifest"), "utf8")) as Manifest;
    expect(m.name).toBe("PEX");
    expect(m.short_name.length).toBeLessThanOrEqual(12);
    expect(m.id).toBe("/");
    expect(m.start_url).toBe("/#/pages/index/index");
    expect(m.scope).toBe("/");
    expect(m.display).toBe("standalone");
    // The browser bar's colour and the splash screen's match what index.html paints first.
    expect(INDEX_HTML).toContain(`<meta name="theme-color" content="${m.theme_color}" />`);
    expect(INDEX_HTML).toMatch(new RegExp(`html,\\s*body \\{[^}]*background: ${m.background_color};`));
  });

  it("lists PNG icons of 192 and 512 pixels, a maskable one filling its square, each the size it claims", async () => {
    const m = JSON.parse(fs.readFileSync(path.join(PUBLIC, "manifest.webmanifest"), "utf8")) as Manifest;
    const png = m.icons.filter((i) => i.type === "image/png");
    expect(png.some((i) => i.sizes === "192x192" && (i.purpose ?? "any").includes("any"))).toBe(true);
    expect(png.some((i) => i.sizes === "512x512" && (i.purpose ?? "any").includes("any"))).toBe(true);
    const maskable = png.filter((i) => i.purpose?.includes("maskable"));
    expect(maskable.map((i) => i.sizes)).toContain("512x512");
    for (const icon of png) {
      const res = await request(`${site.url}${icon.src}`);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
      const image = PNG.sync.read(res.body);
      expect(`${image.width}x${image.height}`, icon.src).toBe(icon.sizes);
      if (icon.purpose?.includes("maskable")) {
        // The launcher crops a maskable icon to its own shape: its corners must be opaque.
        const alpha = (x: number, y: number) => image.data[(y * image.width + x) * 4 + 3];
        expect([alpha(0, 0), alpha(image.width - 1, 0), alpha(0, image.height - 1)]).toEqual([255, 255, 255]);
      }
    }
  });
});

describe("the service worker script", () => {
  it("is served as JavaScript, revalidated on every use (so a deploy reaches every device)", async () => {
    for (const encoding of ["br", "identity"]) {
      const res = await request(`${site.url}/sw.js`, { headers: { "accept-encoding": encoding } });
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
      expect(res.headers["cache-control"]).toBe(REVALIDATE);
    }
  });

  it("and the manifest are allowed by the Content-Security-Policy from this origin only", async () => {
    const csp = String((await request(`${site.url}/`)).headers["content-security-policy"]);
    const directive = (name: string) => csp.split(";").find((d) => d.startsWith(`${name} `));
    expect(directive("worker-src")).toBe("worker-src 'self'");
    expect(directive("manifest-src")).toBe("manifest-src 'self'");
  });
});

describe("our images", () => {
  it("are cached for a day (not content-hashed, changed only by a deploy); the app's shell files still revalidate", async () => {
    for (const file of ["/demo/products/variants/steel-192.avif", "/demo/products/steel.svg", "/icons/icon-192.png"]) {
      const res = await request(`${site.url}${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers["cache-control"], file).toBe(IMAGES);
    }
    expect(IMAGES).toBe("public, max-age=86400");
    expect((await request(`${site.url}/favicon.svg`)).headers["cache-control"]).toBe(REVALIDATE);
    expect((await request(`${site.url}/demo/products/variants/steel-192.avif`)).headers["content-type"]).toBe("image/avif");
  });
});
