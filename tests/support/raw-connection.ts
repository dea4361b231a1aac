import { connect } from 'node:net';

/** The status line and headers of one answer read off a connection. */
export interface AnswerHead {
  readonly status: number;
  /** Header fields by lower-case name (the last of repeated fields). */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Splits what a server sent on one connection into answers (Content-Length or chunked framing;
 * 1xx answers skipped) and returns the complete ones' heads.
 */
export function readAnswerHeads(text: string): AnswerHead[] {
  const answers: AnswerHead[] = [];
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return answers;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.slice(9, 12));
    let body = rest.slice(end + 4);
    if (status >= 200) {
      const length = headers['content-length'];
      if (length !== undefined) {
        if (body.length < Number(length)) return answers;
        body = body.slice(Number(length));
      } else if (headers['transfer-encoding'] === 'chunked') {
        const last = body.indexOf('0\r\n\r\n');
        if (last < 0) return answers;
        body = body.slice(last + 5);
      }
      answers.push({ status, headers });
    }
    rest = body;
  }
}

/**
 * Writes each part to one connection, the next as soon as as many answers as parts so far have
 * arrived, and resolves with the heads of the first `count` answers; with fewer after `timeoutMs`
 * (or if the server closes first), resolves with those it has.
 */
export function sendOnOneConnection(
  baseUrl: string,
  parts: readonly string[],
  count: number,
  timeoutMs = 3000,
): Promise<AnswerHead[]> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    let sent = 0;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(readAnswerHeads(received).slice(0, count));
    };
    const timer = setTimeout(finish, timeoutMs);
    const sendNext = () => socket.write(parts[sent++] ?? '');
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const answered = readAnswerHeads(received).length;
      if (answered >= count) finish();
      else if (answered >= sent && sent < parts.length) sendNext();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    sendNext();
  });
}
