/**
 * A signature drawn on screen (finger, stylus or mouse, via pointer events), handed back as a PNG data URL after
 * every stroke — the form `signature_url` accepts (shared/catalogue/client-debt.ts). The image is drawn at a fixed
 * size, so its bytes stay well under the accepted limit whatever the screen's density.
 */
import { useRef, type PointerEvent } from 'react';

export const SIGNATURE_WIDTH = 600;
export const SIGNATURE_HEIGHT = 200;

export interface SignaturePadProps {
  readonly label: string;
  readonly clearLabel: string;
  /** A PNG data URL after each stroke; null when cleared. */
  readonly onChange: (dataUrl: string | null) => void;
}

export function SignaturePad({ label, clearLabel, onChange }: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const scaleX = rect.width > 0 ? SIGNATURE_WIDTH / rect.width : 1;
    const scaleY = rect.height > 0 ? SIGNATURE_HEIGHT / rect.height : 1;
    return { x: (event.clientX - rect.left) * scaleX, y: (event.clientY - rect.top) * scaleY };
  };

  const context = () => {
    const drawing = canvas.current?.getContext('2d') ?? null;
    if (drawing) {
      drawing.lineWidth = 3;
      drawing.lineCap = 'round';
      drawing.lineJoin = 'round';
      drawing.strokeStyle = '#111827';
    }
    return drawing;
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    last.current = point(event);
    const drawing = context();
    if (drawing) {
      // A dot for a tap, so a tap is visible too.
      drawing.beginPath();
      drawing.arc(last.current.x, last.current.y, 1.5, 0, 2 * Math.PI);
      drawing.fill();
    }
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const next = point(event);
    const drawing = context();
    if (drawing) {
      drawing.beginPath();
      drawing.moveTo(last.current.x, last.current.y);
      drawing.lineTo(next.x, next.y);
      drawing.stroke();
    }
    last.current = next;
  };

  const end = () => {
    if (!last.current) return;
    last.current = null;
    const image = canvas.current?.toDataURL('image/png');
    onChange(image && image.startsWith('data:image/png') ? image : null);
  };

  const clear = () => {
    const drawing = canvas.current?.getContext('2d');
    drawing?.clearRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
    onChange(null);
  };

  return (
    <div className="signature">
      <canvas
        ref={canvas}
        className="signature-canvas"
        width={SIGNATURE_WIDTH}
        height={SIGNATURE_HEIGHT}
        aria-label={label}
        role="img"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={end}
      />
      <button type="button" className="secondary" onClick={clear}>
        {clearLabel}
      </button>
    </div>
  );
}
