// The pages' one script, run in Node against a minimal stand-in for the DOM: what it fetches after an action.
import { describe, expect, it } from "vitest";
import { CLIENT_JS } from "../../src/platform/ui/client";

type Listener = (event: { target: unknown; preventDefault(): void }) => void;

/** A form field as the script reads it: name, type, value, whether it is ticked and its `data-*` attributes. */
interface Field {
  name: string;
  type: string;
  value: string;
  checked?: boolean;
  attributes?: Record<string, string>;
}

/** Runs the script on a page at `path`; returns its submit listener, every URL it fetched and the bodies it sent. */
function loadScript(path: string) {
  const url = new URL(path, "https://inventory.example");
  const listeners: Record<string, Listener[]> = {};
  const fetched: string[] = [];
  const sent: unknown[] = [];
  const sections: Record<string, { innerHTML: string }> = { keys: { innerHTML: "old page" } };
  class HTMLFormElement {
    constructor(
      private readonly attributes: Record<string, string>,
      fields: Field[] = [],
    ) {
      this.elements = fields.map((f) => ({
        ...f,
        disabled: false,
        hasAttribute: (name: string) => name in (f.attributes ?? {}),
        getAttribute: (name: string) => f.attributes?.[name] ?? null,
      }));
    }
    elements: unknown[];
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
  const fetch = async (target: string, init: { body?: string } = {}) => {
    fetched.push(target);
    if (init.body !== undefined) sent.push(JSON.parse(init.body));
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
  const submit = (attributes: Record<string, string>, fields: Field[] = []) =>
    new Promise<void>((resolve) => {
      listeners.submit![0]!({ target: new HTMLFormElement(attributes, fields), preventDefault: () => {} });
      const wait = () => (sections.keys!.innerHTML === "old page" ? setTimeout(wait, 5) : resolve());
      wait();
    });
  return { submit, fetched, sent, sections };
}

describe("the page script after an action", () => {
  it("re-renders from the page it is on, query included: an older page of keys stays that page", async () => {
    const page = loadScript("/admin?keys=50");
    await page.submit({ "data-api": "/admin/api/keys/key_1/revoke", "data-no-body": "", "data-refresh": "keys" });
    expect(page.fetched).toEqual(["/admin/api/keys/key_1/revoke", "/admin?keys=50"]);
    expect(page.sections.keys!.innerHTML).toContain("fresh page");
  });
});

describe("the page script's date fields", () => {
  // A key's expiry chosen as a date ends with that day in India (docs/web-pages.md): the key works through all of
  // it and stops at 00:00 IST the next day. IST is UTC+05:30 (docs/inventory-api.md), so 00:00 IST on 22 November
  // is 21 November 18:30 UTC; after the last day of a month or year the next day is the 1st.
  it.each([
    ["2026-11-21", "2026-11-21T18:30:00.000Z"],
    ["2027-02-28", "2027-02-28T18:30:00.000Z"],
    ["2026-12-31", "2026-12-31T18:30:00.000Z"],
  ])("sends %s as %s, the next day's 00:00 IST", async (chosen, expiresAt) => {
    const page = loadScript("/admin");
    await page.submit({ "data-api": "/admin/api/orgs/org_1/keys", "data-refresh": "keys" }, [
      { name: "access", type: "select-one", value: "read_only" },
      { name: "expires_at", type: "date", value: chosen, attributes: { "data-ist-date": "" } },
    ]);
    expect(page.sent).toEqual([{ access: "read_only", expires_at: expiresAt }]);
  });
});

describe("the page script's webhook register form", () => {
  // The form as the webhooks card renders it: "every event" ticked by default, then one box per event.
  const form = (everyEvent: boolean, ticked: string[]) => [
    { name: "url", type: "url", value: "https://hooks.example.com/inventory" },
    { name: "all_events", type: "checkbox", value: "true", checked: everyEvent, attributes: { "data-boolean": "" } },
    ...["stock.low", "sale.created", "invoice.paid"].map((event) => ({
      name: "events",
      type: "checkbox",
      value: event,
      checked: ticked.includes(event),
      attributes: { "data-array": "", "data-unless": "all_events" },
    })),
  ];

  it("with every event ticked, registers for every event and sends no list (the API refuses both together)", async () => {
    const page = loadScript("/admin");
    await page.submit(
      { "data-api": "/admin/api/orgs/org_1/webhooks", "data-refresh": "keys" },
      form(true, ["stock.low", "sale.created", "invoice.paid"]),
    );
    expect(page.sent).toEqual([{ url: "https://hooks.example.com/inventory", all_events: true }]);
  });

  it("with it unticked, registers for exactly the events ticked", async () => {
    const page = loadScript("/admin");
    await page.submit({ "data-api": "/admin/api/orgs/org_1/webhooks", "data-refresh": "keys" }, form(false, ["stock.low", "invoice.paid"]));
    expect(page.sent).toEqual([{ url: "https://hooks.example.com/inventory", events: ["stock.low", "invoice.paid"] }]);
  });
});
