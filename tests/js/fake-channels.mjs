// BroadcastChannel between the tabs of one test (the page's tabs.js and
// history.js take the class to use).

/** A BroadcastChannel class: a message reaches every other open channel of its name. */
export function channels() {
  const all = [];
  return class {
    constructor(name) {
      this.name = name;
      this.listeners = [];
      this.closed = false;
      all.push(this);
    }

    addEventListener(type, fn) {
      if (type === "message") this.listeners.push(fn);
    }

    postMessage(data) {
      if (this.closed) throw new Error("closed");
      const copy = structuredClone(data);
      for (const c of all) {
        if (c !== this && c.name === this.name && !c.closed) for (const fn of c.listeners) queueMicrotask(() => fn({ data: copy }));
      }
    }

    close() {
      this.closed = true;
    }
  };
}
