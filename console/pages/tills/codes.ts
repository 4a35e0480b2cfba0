/**
 * The enrollment code as pictures a till can read: a QR code of the `kassa://enroll` link (a 2D scanner or a phone
 * fills in both the address and the code) and a Code 128 barcode of the code alone (any 1D scanner). Both are SVG
 * made by the kept libraries and shown as `data:` images: no canvas, and no inline style in the page (the CSP).
 */
import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export async function qrCodeImage(text: string): Promise<string> {
  return svgDataUrl(await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
}

export function code128Image(code: string): string {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  // No text under the bars: it is shown beside, larger (and measuring it would need a canvas).
  JsBarcode(svg, code, { format: 'CODE128', displayValue: false, height: 60, margin: 10 });
  svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return svgDataUrl(new XMLSerializer().serializeToString(svg));
}
