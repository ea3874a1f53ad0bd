/**
 * A supertest body parser that keeps the response as bytes (`.buffer(true).parse(binary)`),
 * for downloads checked byte for byte: CSV files with a byte order mark, QR code images.
 */
export function binary(res: unknown, cb: (err: Error | null, body: Buffer) => void): void {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('error', (err: Error) => cb(err, Buffer.alloc(0)));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
}
