import { useEffect, useId, useRef, useState } from 'react';
import SignaturePadLib from 'signature_pad';
import { Button } from '../Button/Button';
import { Canvas, CanvasFrame, Caption, Hint, SignaturePadRoot } from './SignaturePad.styles';

export interface SignaturePadProps {
  /** The drawing as a `data:image/png;base64,…` URL, or null when nothing is drawn. */
  value?: string | null;
  /** Called after each stroke with the drawing, and with null when it is cleared. */
  onChange?: (dataUrl: string | null) => void;
  isDisabled?: boolean;
  label?: string;
  /** Says that drawing is optional and the typed name is the signature (the keyboard and screen-reader way). */
  description?: string;
  clearLabel?: string;
  /** The canvas's name while nothing is drawn. */
  emptyLabel?: string;
  /** The canvas's name once something is drawn. */
  drawnLabel?: string;
  className?: string;
}

/** The pixel ratio of the canvas: sharp on a phone, but at most 2 so the image stays small. */
const maxRatio = 2;

/**
 * A hand-drawn signature on a canvas (`signature_pad`: finger, pen or mouse), with a button that
 * clears it. Drawing needs a pointer, so it is offered, never required: the typed name beside it
 * is the signature, and the canvas is announced as an image saying whether something is drawn.
 */
export function SignaturePad({
  value,
  onChange,
  isDisabled = false,
  label = '手書きのサイン（任意）',
  description = '枠の中を指またはマウスでなぞってください。署名はお名前の入力で足ります。',
  clearLabel = '書き直す',
  emptyLabel = '手書きのサイン欄（未記入）',
  drawnLabel = '手書きのサイン欄（記入済み）',
  className,
}: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const initialValue = useRef(value);
  const [drawn, setDrawn] = useState(Boolean(value));
  const labelId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    // No 2D context (a test DOM, a browser with canvas blocked): the typed name still signs.
    if (!canvas || typeof canvas.getContext !== 'function' || !canvas.getContext('2d')) return;
    const pad = new SignaturePadLib(canvas, {
      penColor: getComputedStyle(canvas).color || '#1f2933',
      backgroundColor: 'rgba(0,0,0,0)',
      minWidth: 0.8,
      maxWidth: 2.6,
    });
    padRef.current = pad;
    let width = 0;
    const fit = () => {
      if (canvas.offsetWidth === 0 || canvas.offsetWidth === width) return;
      width = canvas.offsetWidth;
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), maxRatio);
      const strokes = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length > 0) pad.fromData(strokes);
    };
    fit();
    if (initialValue.current) void pad.fromDataURL(initialValue.current);
    const report = () => {
      const empty = pad.isEmpty();
      setDrawn(!empty);
      onChangeRef.current?.(empty ? null : pad.toDataURL('image/png'));
    };
    pad.addEventListener('endStroke', report);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
    observer?.observe(canvas);
    return () => {
      observer?.disconnect();
      pad.removeEventListener('endStroke', report);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (isDisabled) pad.off();
    else pad.on();
  }, [isDisabled]);

  // The owner cleared the value (the form was reset): clear the drawing too.
  useEffect(() => {
    if (value === null && padRef.current && !padRef.current.isEmpty()) {
      padRef.current.clear();
      setDrawn(false);
    }
  }, [value]);

  const clear = () => {
    padRef.current?.clear();
    setDrawn(false);
    onChangeRef.current?.(null);
  };

  return (
    <SignaturePadRoot role="group" aria-labelledby={labelId} aria-describedby={descriptionId} data-disabled={isDisabled || undefined} className={className}>
      <Caption id={labelId}>{label}</Caption>
      <Hint id={descriptionId}>{description}</Hint>
      <CanvasFrame>
        <Canvas ref={canvasRef} role="img" aria-label={drawn ? drawnLabel : emptyLabel} data-drawn={drawn || undefined} />
      </CanvasFrame>
      <div>
        <Button variant="secondary" size="sm" onPress={clear} isDisabled={isDisabled || !drawn}>
          {clearLabel}
        </Button>
      </div>
    </SignaturePadRoot>
  );
}
