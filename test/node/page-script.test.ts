// The pages' one script, run in Node against a minimal stand-in for the DOM: what it fetches after an action.
import { describe, expect, it } from "vitest";
import { CLIENT_JS } from "../../src/platform/ui/client";

type Listener = (event: { target: unknown; preventDefault(): void }) => void;

/** Runs the script on a page at `path`; returns its submit listener and every URL it fetched. */
function loadScript(path: string) {
  const url = new URL(path, "https://inventory.example");
  const listeners: Record<string, Listener[]> = {};
  const fetched: string[] = [];
  const sections: Record<string, { innerHTML: string }> = { keys: { innerHTML: "old page" } };
  class HTMLFormElement {
    constructor(private readonly attributes: Record<string, string>) {}
    elements = [];
    hasAttribute(name: string) {
      return name in this.attributes;
    }
    getAttribute(name: string) {
      return this.attributes[name] ?? null;
    }
    querySelectorAll() {
      return [];
    }
    reset() {}
  }
  const document = {
    querySelector: () => null,
    getElementById: (id: string) => sections[id] ?? null,
    addEventListener: (type: string, listener: Listener) => {
      listeners[type] = [...(listeners[type] ?? []), listener];
    },
  };
  const fetch = async (target: string) => {
    fetched.push(target);
    const body = target.startsWith("/admin/api/") ? '{"data":{}}' : '<section id="keys">fresh page</section>';
    return new Response(body, { status: 200 });
  };
  class DOMParser {
    parseFromString(html: string) {
      return { getElementById: () => ({ innerHTML: html }) };
    }
  }
  const globals = {
    document,
    location: { pathname: url.pathname, search: url.search },
    fetch,
    HTMLFormElement,
    DOMParser,
    window: {},
    Element: class {},
  };
  new Function(...Object.keys(globals), CLIENT_JS.body)(...Object.values(globals));
  const submit = (attributes: Record<string, string>) =>
    new Promise<void>((resolve) => {
      listeners.submit![0]!({ target: new HTMLFormElement(attributes), preventDefault: () => {} });
      const wait = () => (sections.keys!.innerHTML === "old page" ? setTimeout(wait, 5) : resolve());
      wait();
    });
  return { submit, fetched, sections };
}

describe("the page script after an action", () => {
  it("re-renders from the page it is on, query included: an older page of keys stays that page", async () => {
    const page = loadScript("/admin?keys=50");
    await page.submit({ "data-api": "/admin/api/keys/key_1/revoke", "data-no-body": "", "data-refresh": "keys" });
    expect(page.fetched).toEqual(["/admin/api/keys/key_1/revoke", "/admin?keys=50"]);
    expect(page.sections.keys!.innerHTML).toContain("fresh page");
  });
});
