/**
 * Test support: the few browser objects the inline scripts touch, small enough
 * to read, since the unit tests run in Node without a DOM. `createFakeBrowser`
 * returns the globals a script sees (`document`, `window`, `localStorage`,
 * `matchMedia`, `addEventListener`, `requestAnimationFrame`, `setTimeout`) so a
 * test can install them with `vi.stubGlobal` or hand them to `vm` as a context.
 */

type Listener = (event: { type: string; target: unknown }) => void;

/** An element: its tag, attributes, the properties the scripts read or set, and its listeners. */
export class FakeElement {
  readonly tagName: string;
  readonly attributes: Record<string, string>;
  readonly classes = new Set<string>();
  readonly classList = {
    contains: (name: string) => this.classes.has(name),
    toggle: (name: string, force?: boolean) => {
      const on = force ?? !this.classes.has(name);
      if (on) this.classes.add(name);
      else this.classes.delete(name);
      return on;
    },
  };
  readonly style: Record<string, string> = {};
  readonly listeners = new Map<string, Listener[]>();
  parent: FakeElement | null = null;
  textContent = "";
  id = "";
  type = "";
  name = "";
  value = "";
  checked = false;
  form: object | null = null;
  nonce = "";
  rel = "";
  href = "";
  complete = false;
  /** Set by `replaceWith`: the element that took this one's place. */
  replacedBy: FakeElement | null = null;
  /** What `appendChild` added, in order (a document fragment's children until it is inserted). */
  readonly childNodes: FakeElement[] = [];

  constructor(tagName: string, properties: Partial<FakeElement> = {}, attributes: Record<string, string> = {}) {
    this.tagName = tagName.toUpperCase();
    this.attributes = attributes;
    Object.assign(this, properties);
  }

  getAttribute(name: string): string | null {
    return this.attributes[name] ?? null;
  }

  hasAttribute(name: string): boolean {
    return name in this.attributes;
  }

  /** Only tag selectors: the scripts look for the enclosing `button`. */
  closest(tag: string): FakeElement | null {
    if (this.tagName === tag.toUpperCase()) return this;
    return this.parent ? this.parent.closest(tag) : null;
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  /** Calls this element's own listeners of `type`. */
  fire(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ type, target: this });
  }

  replaceWith(other: FakeElement): void {
    this.replacedBy = other;
  }

  appendChild(child: FakeElement): void {
    this.childNodes.push(child);
  }
}

/** The tag name a document fragment reports (`nodeName` in a browser). */
const FRAGMENT = "#DOCUMENT-FRAGMENT";

/** The fake globals, and what a test reads back. */
export interface FakeBrowser {
  /** The globals to install (`vi.stubGlobal`) or to run a script's text in (`vm`). */
  globals: Record<string, unknown>;
  document: FakeDocument;
  /** What `localStorage` holds. */
  stored: Map<string, string>;
  /** The elements the page shows, in document order (what `querySelectorAll` and `getElementsByTagName` search). */
  elements: FakeElement[];
  /** Runs the frame callbacks and timers queued so far, in order. */
  runFrames(): void;
  /** Fires a `window` event (`load`). */
  fireWindow(type: string): void;
}

/** The `document` part: the scripts' entry points into the page. */
export interface FakeDocument {
  documentElement: FakeElement;
  head: FakeElement & { appended: FakeElement[] };
  listeners: Map<string, Listener[]>;
  /** Dispatches an event at `target` the way a capturing document listener sees it. */
  dispatch(type: string, target: unknown): void;
}

/** Options of `createFakeBrowser`. */
export interface FakeBrowserOptions {
  /** What `localStorage` holds at first. */
  stored?: Record<string, string>;
  /** `localStorage` throws on every read and write (storage refused). */
  storageThrows?: boolean;
  /** What `(prefers-color-scheme: dark)` matches; `undefined` leaves `matchMedia` out (an old browser). */
  prefersDark?: boolean;
  /** The elements of the page, in document order. */
  elements?: FakeElement[];
}

/** A fresh set of fake browser globals. */
export function createFakeBrowser(options: FakeBrowserOptions = {}): FakeBrowser {
  const stored = new Map(Object.entries(options.stored ?? {}));
  const elements = options.elements ?? [];
  const queue: (() => void)[] = [];
  const windowListeners = new Map<string, (() => void)[]>();
  const refuse = () => {
    throw new Error("SecurityError: storage refused");
  };
  const localStorage = {
    getItem: (key: string) => (options.storageThrows ? refuse() : (stored.get(key) ?? null)),
    setItem: (key: string, value: string) => (options.storageThrows ? refuse() : void stored.set(key, value)),
  };
  const matchMedia =
    options.prefersDark === undefined
      ? undefined
      : (query: string) => ({ matches: query === "(prefers-color-scheme: dark)" && options.prefersDark });
  const head = Object.assign(new FakeElement("head"), { appended: [] as FakeElement[] });
  const document: FakeDocument & Record<string, unknown> = {
    documentElement: new FakeElement("html"),
    // Inserting a fragment inserts its children, as in a browser.
    head: Object.assign(head, {
      appendChild: (child: FakeElement) =>
        head.appended.push(...(child.tagName === FRAGMENT ? child.childNodes : [child])),
    }),
    listeners: new Map(),
    addEventListener(type: string, listener: Listener, capture?: boolean) {
      if (capture !== true) throw new Error("the inline scripts listen in the capture phase");
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    },
    dispatch(type: string, target: unknown) {
      for (const listener of this.listeners.get(type) ?? []) listener({ type, target });
    },
    createElement: (tag: string) => new FakeElement(tag),
    createDocumentFragment: () => new FakeElement(FRAGMENT),
    getElementsByTagName: (tag: string) => elements.filter((element) => element.tagName === tag.toUpperCase()),
    /** Only `tag[attribute="value"]`, the one form the scripts use. */
    querySelectorAll(selector: string) {
      const [, tag, attribute, value] = /^(\w+)\[([\w-]+)="([^"]*)"\]$/.exec(selector) ?? [];
      if (!tag || !attribute) throw new Error(`unsupported selector ${selector}`);
      return elements.filter(
        (element) => element.tagName === tag.toUpperCase() && element.getAttribute(attribute) === value,
      );
    },
  };
  const window: Record<string, unknown> = { matchMedia };
  const globals: Record<string, unknown> = {
    document,
    window,
    localStorage,
    matchMedia,
    addEventListener: (type: string, listener: () => void) =>
      windowListeners.set(type, [...(windowListeners.get(type) ?? []), listener]),
    requestAnimationFrame: (callback: () => void) => queue.push(callback),
    setTimeout: (callback: () => void) => queue.push(callback),
  };
  return {
    globals,
    document,
    stored,
    elements,
    runFrames() {
      while (queue.length > 0) queue.shift()!();
    },
    fireWindow(type) {
      for (const listener of windowListeners.get(type) ?? []) listener();
    },
  };
}
