// The pages' one script, run in Node against a minimal stand-in for the DOM: what it fetches after an action.
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const PAGE_SCRIPT = readFileSync(new URL("../../public/app.js", import.meta.url), "utf8");

type Listener = (event: { target: unknown; preventDefault(): void }) => void;

/** A form field as the script reads it: name, type, value, whether it is ticked and its `data-*` attributes. */
interface Field {
  name: string;
  type: string;
  value: string;
  checked?: boolean;
  attributes?: Record<string, string>;
}

/** An answer of the management API: its status and JSON body. */
interface Answer {
  status: number;
  body: unknown;
}

/** A field as the page renders it, after the page is (re-)rendered: what the script writes into it. */
interface Rendered {
  id: string;
  value: string;
  attributes: Record<string, string>;
}

/** An element the script makes (a form's status line): what it writes into it. */
function madeElement() {
  const classes = new Set<string>();
  return {
    id: "",
    textContent: "",
    attributes: {} as Record<string, string>,
    set className(value: string) {
      classes.clear();
      for (const name of value.split(" ").filter(Boolean)) classes.add(name);
    },
    get className() {
      return [...classes].join(" ");
    },
    classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    setAttribute(name: string, value: string) {
      this.attributes[name] = value;
    },
    scrollIntoView() {},
  };
}

/**
 * Runs the script on a page at `path`; returns its submit listener, every URL it fetched, the bodies it sent and
 * what it said beside the last form sent. The management API answers `answers` in turn, then `{"data":{}}`;
 * `rendered` are the fields of the page (and of every fresh copy of it).
 */
function loadScript(path: string, answers: Answer[] = [], rendered: Rendered[] = [], freshPage: () => Promise<string> = async () => "fresh page") {
  const url = new URL(path, "https://inventory.example");
  const listeners: Record<string, Listener[]> = {};
  const fetched: string[] = [];
  const sent: unknown[] = [];
  const made: ReturnType<typeof madeElement>[] = [];
  const sections: Record<string, { innerHTML: string }> = { keys: { innerHTML: "old page" } };
  const reloads: string[] = [];
  const fields = new Map(rendered.map((f) => [f.id, f]));
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
    readonly button = { disabled: false };
    // The stand-in's forms stay on the page: a refresh only swaps the sections' text.
    readonly isConnected = true;
    private status: unknown = null;
    hasAttribute(name: string) {
      return name in this.attributes;
    }
    getAttribute(name: string) {
      return this.attributes[name] ?? null;
    }
    querySelector(selector: string) {
      if (selector === ".form-status") return this.status;
      return selector === "input[data-local-time]"
        ? ((this.elements as Field[]).find((f) => f.attributes && "data-local-time" in f.attributes) ?? null)
        : null;
    }
    appendChild(child: unknown) {
      this.status = child;
    }
    closest() {
      return null;
    }
    querySelectorAll() {
      return [this.button];
    }
    reset() {}
  }
  const document = {
    querySelector: () => null,
    createElement: () => {
      made.push(madeElement());
      return made.at(-1);
    },
    // The fields the script fills in: those of `rendered` that start some hours ago.
    querySelectorAll: (selector: string) =>
      selector === "input[data-hours-ago]"
        ? rendered
            .filter((f) => "data-hours-ago" in f.attributes)
            .map((f) => Object.assign(f, { getAttribute: (name: string) => f.attributes[name] ?? null }))
        : [],
    getElementById: (id: string) => sections[id] ?? fields.get(id) ?? null,
    addEventListener: (type: string, listener: Listener) => {
      listeners[type] = [...(listeners[type] ?? []), listener];
    },
  };
  const fetch = async (target: string, init: { body?: string } = {}) => {
    fetched.push(target);
    if (init.body !== undefined) sent.push(JSON.parse(init.body));
    if (!target.startsWith("/admin/api/")) return new Response(`<section id="keys">${await freshPage()}</section>`, { status: 200 });
    const answer = answers.shift() ?? { status: 200, body: { data: {} } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  };
  class DOMParser {
    parseFromString(html: string) {
      return { getElementById: () => ({ innerHTML: html }) };
    }
  }
  const globals = {
    document,
    location: { pathname: url.pathname, search: url.search, reload: () => reloads.push(url.pathname + url.search) },
    fetch,
    HTMLFormElement,
    DOMParser,
    window: {},
    Element: class {},
  };
  new Function(...Object.keys(globals), PAGE_SCRIPT)(...Object.values(globals));
  // An action has ended when the script gives the form's buttons back, after the answer, refresh included.
  const submit = (attributes: Record<string, string>, fields: Field[] = []) =>
    new Promise<void>((resolve) => {
      const form = new HTMLFormElement(attributes, fields);
      listeners.submit![0]!({ target: form, preventDefault: () => {} });
      expect(form.button.disabled).toBe(true);
      const wait = () => (form.button.disabled ? setTimeout(wait, 5) : resolve());
      wait();
    });
  return {
    submit,
    fetched,
    sent,
    sections,
    reloads,
    get status() {
      return made.at(-1)!;
    },
  };
}

describe("the page script after an action", () => {
  it("re-renders from the page it is on, query included: an older page of keys stays that page", async () => {
    const page = loadScript("/admin?keys=50");
    await page.submit({ "data-api": "/admin/api/keys/key_1/revoke", "data-no-body": "", "data-refresh": "keys" });
    expect(page.fetched).toEqual(["/admin/api/keys/key_1/revoke", "/admin?keys=50"]);
    expect(page.sections.keys!.innerHTML).toContain("fresh page");
  });
});

describe("the page script after an action that ends the session (an admin removing themselves)", () => {
  const removeYourself = {
    "data-api": "/admin/api/orgs/org_1/admins/usr_1",
    "data-method": "DELETE",
    "data-refresh": "keys",
    "data-done": "Admin removed.",
    "data-reload": "",
  };

  it("loads the page again, now the sign-in form, instead of copying sections from it", async () => {
    const page = loadScript("/admin?admins=50");
    await page.submit(removeYourself);
    expect(page.fetched).toEqual(["/admin/api/orgs/org_1/admins/usr_1"]);
    expect(page.reloads).toEqual(["/admin?admins=50"]);
  });

  it("when refused (the organisation's last admin), shows the service's words as an error and stays on the page", async () => {
    const message = "This is the organisation's last admin; only the operator may remove it";
    const page = loadScript("/admin", [{ status: 409, body: { error: message, code: "conflict" } }]);
    await page.submit(removeYourself);
    expect([page.status.textContent, page.status.className]).toEqual([message, "form-status status-error"]);
    expect(page.reloads).toEqual([]);
    expect(page.sections.keys!.innerHTML).toBe("old page");
  });
});

describe("the page script when two actions end out of order", () => {
  it("keeps the section as the later action's page shows it, even when the earlier action's page arrives last", async () => {
    const held: Array<(html: string) => void> = [];
    const page = loadScript("/admin", [], [], () => new Promise<string>((resolve) => held.push(resolve)));
    const first = page.submit({ "data-api": "/admin/api/orgs/org_1/webhooks/whk_1/test", "data-no-body": "", "data-refresh": "keys" });
    await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 60_000, interval: 10 });
    const second = page.submit({ "data-api": "/admin/api/orgs/org_1/webhooks/whk_1", "data-method": "PATCH", "data-refresh": "keys" });
    await vi.waitFor(() => expect(held).toHaveLength(2), { timeout: 60_000, interval: 10 });
    held[1]!("after the second action: disabled");
    await second;
    held[0]!("after the first action: enabled");
    await first;
    expect(page.sections.keys!.innerHTML).toContain("after the second action: disabled");
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

describe("the page script's add-an-admin form", () => {
  // A password is sent exactly as typed, as sign-in compares it: spaces around it are part of it. Other fields are
  // trimmed (an e-mail pasted with a trailing space).
  it("sends the password as typed and the e-mail trimmed", async () => {
    const page = loadScript("/admin");
    await page.submit({ "data-api": "/admin/api/orgs/org_1/admins", "data-refresh": "keys" }, [
      { name: "email", type: "email", value: " new.admin@example.com " },
      { name: "password", type: "password", value: "  spaced passphrase  " },
    ]);
    expect(page.sent).toEqual([{ email: "new.admin@example.com", password: "  spaced passphrase  " }]);
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

describe("the page script's webhook recovery form", () => {
  // The times are worked by hand in India's time zone, IST = UTC+05:30 with no daylight saving (docs/inventory-api.md),
  // standing for the browser's own zone: 11:30 there is 06:00 UTC.
  let zone: string | undefined;
  beforeEach(() => {
    zone = process.env.TZ;
    process.env.TZ = "Asia/Kolkata";
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
    vi.useRealTimers();
  });

  const since = { id: "recover-since-whk_1", attributes: { "data-local-time": "", "data-hours-ago": "24" } };
  /** The recovery form of the endpoint whk_1 with `chosen` in its field; `nextField` names where the rest begin in the answer. */
  const recovery = (chosen: string, nextField = "next_since"): [Record<string, string>, Field[]] => [
    { "data-api": "/admin/api/orgs/org_1/webhooks/whk_1/recover", "data-recover": nextField, "data-refresh": "keys", "data-keep": "" },
    [{ name: "since", type: "datetime-local", value: chosen, ...since }],
  ];
  const page = (answers: Answer[] = []) => {
    const field = { ...since, value: "" };
    return Object.assign(loadScript("/admin", answers, [field]), { field });
  };
  const accepted = (queued: number, nextSince: string | null) => ({
    status: 202,
    body: { data: { queued, more: nextSince !== null, next_since: nextSince } },
  });

  it("starts 24 hours before now in the browser's own time: 11:30 on 22 November in India is 11:30 on the 21st", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-22T06:00:00Z"));
    expect(page().field.value).toBe("2026-11-21T11:30:00");
  });

  it("sends the local time chosen as the same instant with its offset: 11:30 in India is 06:00 UTC", async () => {
    const p = page([accepted(3, null)]);
    await p.submit(...recovery("2026-11-21T11:30:00"));
    expect(p.sent).toEqual([{ since: "2026-11-21T06:00:00.000Z" }]);
    expect(p.status.textContent).toBe("3 failed deliveries queued again.");
  });

  it.each([
    [1, "1 failed delivery queued again."],
    [0, "No failed deliveries since then: nothing to re-send."],
  ])("says how many it queued: %i", async (queued, said) => {
    const p = page([accepted(queued, null)]);
    await p.submit(...recovery("2026-11-21T11:30:00"));
    expect(p.status.textContent).toBe(said);
  });

  it("goes on from where each answer says the rest begin until none remain, and says the total", async () => {
    const p = page([accepted(1000, "2026-11-21T07:00:00.000Z"), accepted(1000, "2026-11-21T08:00:00.000Z"), accepted(3, null)]);
    await p.submit(...recovery("2026-11-21T11:30:00"));
    expect(p.sent).toEqual([{ since: "2026-11-21T06:00:00.000Z" }, { since: "2026-11-21T07:00:00.000Z" }, { since: "2026-11-21T08:00:00.000Z" }]);
    expect(p.status.textContent).toBe("2,003 failed deliveries queued again.");
  });

  it("reads the tax service's casing of where the rest begin", async () => {
    const p = page([
      { status: 202, body: { data: { queued: 1000, more: true, nextSince: "2026-11-21T07:00:00.000Z" } } },
      { status: 202, body: { data: { queued: 2, more: false, nextSince: null } } },
    ]);
    await p.submit(...recovery("2026-11-21T11:30:00", "nextSince"));
    expect(p.sent).toEqual([{ since: "2026-11-21T06:00:00.000Z" }, { since: "2026-11-21T07:00:00.000Z" }]);
    expect(p.status.textContent).toBe("1,002 failed deliveries queued again.");
  });

  it("stops after 5 calls, says more remain, and leaves where they begin in the field for the next press", async () => {
    const next = ["07:00:00.000", "08:00:00.000", "09:00:00.000", "10:00:00.000", "10:00:00.500"];
    const p = page(next.map((time) => accepted(1000, `2026-11-21T${time}Z`)));
    await p.submit(...recovery("2026-11-21T11:30:00"));
    expect(p.sent).toHaveLength(5);
    expect(p.status.textContent).toBe("5,000 failed deliveries queued again; more remain: press Re-send failed again to continue.");
    // 10:00:00.500 UTC is 15:30:00.500 in India, shown to the second.
    expect(p.field.value).toBe("2026-11-21T15:30:00");
  });

  it("shows the service's own words when it refuses, and what it had queued before a later call was refused", async () => {
    const disabled = page([{ status: 409, body: { error: "The webhook endpoint is disabled; enable it first", code: "conflict" } }]);
    await disabled.submit(...recovery("2026-11-21T11:30:00"));
    expect([disabled.status.textContent, disabled.status.className]).toEqual([
      "The webhook endpoint is disabled; enable it first",
      "form-status status-error",
    ]);

    const limited = page([accepted(1000, "2026-11-21T07:00:00.000Z"), { status: 429, body: { error: "Too many requests", code: "rate_limited" } }]);
    await limited.submit(...recovery("2026-11-21T11:30:00"));
    expect(limited.status.textContent).toBe("1,000 failed deliveries queued again, then: Too many requests");
  });
});
