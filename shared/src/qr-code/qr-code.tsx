import { useEffect, useRef, useState } from 'react';
import { useNearView } from '../near-view/use-near-view';

type Encoder = typeof import('qrcode-generator');
type Code = ReturnType<Encoder>;

// The encoder is a chunk of its own, asked for when a code is about to be seen: a page whose
// code sits below a phone's first screen starts without it (#37).
let encoder: Promise<Encoder> | null = null;
function loadEncoder(): Promise<Encoder> {
  if (!encoder) {
    encoder = import('qrcode-generator').then((module) => module.default);
    // A failed load (a dropped connection) is tried again by the next code that asks.
    encoder.catch(() => {
      encoder = null;
    });
  }
  return encoder;
}

function encode(qrcode: Encoder, text: string): Code {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  return code;
}

/** The same QR code as a picture file (a GIF data URL), for the diner to save on the phone that shows it. */
export async function qrCodeImageUrl(text: string, cellPixels = 8): Promise<string> {
  return encode(await loadEncoder(), text).createDataURL(cellPixels, cellPixels * 4);
}

interface Drawing {
  path: string;
  viewBox: number;
}

function drawQrCode(qrcode: Encoder, text: string): Drawing {
  const code = encode(qrcode, text);
  const modules = code.getModuleCount();
  let path = '';
  for (let row = 0; row < modules; row += 1) {
    for (let column = 0; column < modules; column += 1) {
      if (code.isDark(row, column)) path += `M${column + 4} ${row + 4}h1v1h-1z`;
    }
  }
  return { path, viewBox: modules + 8 };
}

/** Codes already drawn, by text: a screen drawn again (a poll, a tab change) shows them at once. */
const drawn = new Map<string, Drawing>();
const DRAWN_KEPT = 64;

/** Runs `work` in a task of its own, soon; returns how to call it off. */
function inTaskOfItsOwn(work: () => void): () => void {
  const scheduler = (globalThis as { scheduler?: { postTask?: (task: () => void, options: { priority: string; signal: AbortSignal }) => Promise<void> } }).scheduler;
  if (scheduler?.postTask) {
    const controller = new AbortController();
    scheduler.postTask(work, { priority: 'user-visible', signal: controller.signal }).catch(() => undefined);
    return () => controller.abort();
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/**
 * A QR code drawn here as SVG (no image service): `text` is what a phone
 * reads. Imported from '@samgyup/shared/qr-code' by the pages that show one,
 * so the encoder stays out of every other page's download. Each code is
 * encoded in a task of its own once the page has shown and the diner has scrolled
 * near it, with its box (and its label) in place before: encoding tries eight mask
 * patterns, about 6 ms on a laptop and 25 ms at 4× CPU (more on a cold start: the
 * upload page's code, below a phone's first screen, was its longest task), and the
 * console's tables page drew ten in the task that showed the page (issue #37).
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  // Kept with the text it encodes: a code whose text just changed never shows the old one's squares.
  const [made, setMade] = useState<{ text: string; drawing: Drawing } | null>(() => {
    const known = drawn.get(text);
    return known ? { text, drawing: known } : null;
  });
  const box = useRef<SVGSVGElement>(null);
  const near = useNearView(box);
  // The text whose encoder could not be loaded, and the diner's tries again.
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const known = drawn.get(text);
    if (known) {
      setMade((current) => (current?.text === text ? current : { text, drawing: known }));
      return undefined;
    }
    if (!near) return undefined;
    let callOff: (() => void) | null = null;
    let gone = false;
    loadEncoder().then(
      (qrcode) => {
        if (gone) return;
        callOff = inTaskOfItsOwn(() => {
          const drawing = drawQrCode(qrcode, text);
          if (drawn.size >= DRAWN_KEPT) drawn.delete(drawn.keys().next().value as string);
          drawn.set(text, drawing);
          setMade({ text, drawing });
        });
      },
      () => {
        if (!gone) setFailed(text);
      },
    );
    return () => {
      gone = true;
      callOff?.();
    };
  }, [text, near, attempt]);
  const drawing = made?.text === text ? made.drawing : null;
  const viewBox = drawing?.viewBox ?? 1;
  return (
    <>
      <svg
        ref={box}
        className="qr-code"
        viewBox={`0 0 ${viewBox} ${viewBox}`}
        width={size}
        height={size}
        role="img"
        aria-label={label}
        aria-busy={drawing || failed === text ? undefined : true}
        shapeRendering="crispEdges"
      >
        <rect width={viewBox} height={viewBox} fill="#fff" />
        {drawing && <path d={drawing.path} fill="#000" />}
      </svg>
      {!drawing && failed === text && (
        <p className="qr-code__problem" role="alert">
          The QR code could not be drawn: the page lost its connection. Check it, then{' '}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setFailed(null);
              setAttempt((value) => value + 1);
            }}
          >
            Try again
          </button>
        </p>
      )}
    </>
  );
}
