import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The same QR code as a picture file (a GIF data URL), for the diner to save on the phone that shows it. */
export function qrCodeImageUrl(text: string, cellPixels = 8): string {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  return code.createDataURL(cellPixels, cellPixels * 4);
}

/**
 * A QR code drawn here as SVG (no image service): `text` is what a phone
 * reads. Imported from '@samgyup/shared/qr-code' by the pages that show one,
 * so the encoder stays out of every other page's download.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const drawing = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(text);
    code.make();
    const modules = code.getModuleCount();
    let path = '';
    for (let row = 0; row < modules; row += 1) {
      for (let column = 0; column < modules; column += 1) {
        if (code.isDark(row, column)) path += `M${column + 4} ${row + 4}h1v1h-1z`;
      }
    }
    return { path, viewBox: modules + 8 };
  }, [text]);
  return (
    <svg className="qr-code" viewBox={`0 0 ${drawing.viewBox} ${drawing.viewBox}`} width={size} height={size} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={drawing.viewBox} height={drawing.viewBox} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
