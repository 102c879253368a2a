/** A server-sent events reader (the WHATWG event-stream format): lines ending in LF, CR or
 * CRLF; `field: value`; a blank line dispatches; lines starting with `:` are comments. */

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = "";
  let id: string | undefined;
  let event = "";
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
        if (!match || (match[0] === "\r" && match.index === buffer.length - 1 && !done)) break;
        const line = buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
        if (line === "") {
          if (data.length > 0 || event) yield { id, event: event || "message", data: data.join("\n") };
          event = "";
          data = [];
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        let value_ = colon === -1 ? "" : line.slice(colon + 1);
        if (value_.startsWith(" ")) value_ = value_.slice(1);
        if (field === "event") event = value_;
        else if (field === "data") data.push(value_);
        else if (field === "id" && !value_.includes("\0")) id = value_;
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
