// A JSON-RPC client over the playground's WebSocket: one message per text frame, exactly the
// messages of `highlightd serve` (docs/PROTOCOL.md). Each RPC opens its own connection, and
// so its own daemon session; a closed session reconnects and tells its owner to start over.

const token = new URLSearchParams(location.search).get("token") ?? "";

export class RPC extends EventTarget {
  constructor(name) {
    super();
    this.name = name;
    this.nextId = 1;
    this.pending = new Map();
    this.notificationHandlers = new Map();
    this.socket = null;
    this.retryDelay = 200;
    this.closedOnPurpose = false;
  }

  /// Opens the connection; resolves once it is open. Reconnects after a loss and fires
  /// "reconnected", after which the owner must initialize and open its documents again.
  connect() {
    return new Promise((resolve, reject) => {
      const url = `ws://${location.host}/rpc?token=${encodeURIComponent(token)}`;
      const socket = new WebSocket(url);
      this.socket = socket;
      let opened = false;
      socket.onopen = () => { opened = true; this.retryDelay = 200; this.dispatchEvent(new Event("open")); resolve(); };
      socket.onmessage = (event) => this.receive(JSON.parse(event.data));
      socket.onclose = () => {
        for (const { reject } of this.pending.values()) reject(new Error("connection closed"));
        this.pending.clear();
        this.dispatchEvent(new Event("close"));
        if (!opened) reject(new Error("connection refused"));
        if (this.closedOnPurpose) return;
        setTimeout(() => this.connect().then(() => this.dispatchEvent(new Event("reconnected")), () => {}),
                   this.retryDelay);
        this.retryDelay = Math.min(this.retryDelay * 2, 3000);
      };
    });
  }

  close() {
    this.closedOnPurpose = true;
    this.socket?.close();
  }

  get isOpen() { return this.socket?.readyState === WebSocket.OPEN; }

  receive(message) {
    if (message.id !== undefined && (message.result !== undefined || message.error !== undefined)) {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (!waiter) return;
      if (message.error) waiter.reject(Object.assign(new Error(message.error.message), message.error));
      else waiter.resolve(message.result);
      return;
    }
    if (message.method) {
      const handler = this.notificationHandlers.get(message.method);
      if (handler) handler(message.params ?? {});
      if (message.id !== undefined) this.send({ jsonrpc: "2.0", id: message.id, result: null });
    }
  }

  send(message) {
    if (this.isOpen) this.socket.send(JSON.stringify(message));
  }

  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (!this.isOpen) { this.pending.delete(id); reject(new Error("not connected")); return; }
      this.send({ jsonrpc: "2.0", id, method, params });
    });
  }

  notify(method, params) {
    this.send({ jsonrpc: "2.0", method, params });
  }

  on(method, handler) {
    this.notificationHandlers.set(method, handler);
  }
}
