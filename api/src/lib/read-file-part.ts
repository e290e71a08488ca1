import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error';
import type { UploadPaceWatch } from './upload-pace';

/**
 * A multipart upload's `file` part, whole; other parts are read and dropped
 * (with `pace`, an upload too slow is refused in its words).
 * Over the size limit is a 413 in `tooLarge`'s words, a body that is cut off or
 * no multipart a 400 in `broken`'s, no file (or an empty one) a 400 in `missing`'s.
 */
export async function readFilePart(request: FastifyRequest, messages: { tooLarge: string; broken: string; missing: string }, pace?: UploadPaceWatch): Promise<Buffer> {
  let upload: Buffer | null = null;
  const step = <T>(promise: Promise<T>) => (pace ? pace.race(promise) : promise);
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const data = await step(part.toBuffer());
      if (part.fieldname === 'file' && !upload) upload = data;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, messages.tooLarge);
    throw new HttpError(400, messages.broken);
  }
  if (!upload || upload.length === 0) throw new HttpError(400, messages.missing);
  return upload;
}

/** The multipart parser's options for an upload of one file of at most `fileSize` bytes beside up to `fields` small fields. */
export function oneFileUpload(fileSize: number, fields: number) {
  return { limits: { fileSize, files: 1, fields, parts: fields + 1, fieldSize: 1024, headerPairs: 50 }, throwFileSizeLimit: true };
}
