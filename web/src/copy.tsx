// A button that copies a text for pasting elsewhere (a forum, a chat), and says whether it did. The
// Clipboard API where the page may use it (a secure context: https, or the server on this machine); else the
// text is selected in a hidden field and copied the old way; if both fail, the button says to copy by hand.
import { useEffect, useRef, useState } from 'preact/hooks';

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, no focus): try the old way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export function CopyButton({ text, label, testid }: { text: string; label: string; testid?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    const ok = await copyText(text);
    setState(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    // The mark fades so the next copy is seen to happen; it is a courtesy, nothing waits on it.
    timer.current = setTimeout(() => setState('idle'), 4000);
  };
  return (
    <span class="copy-wrap">
      <button type="button" class="copy" data-testid={testid} onClick={() => void copy()}>
        {label}
      </button>
      {state !== 'idle' && (
        <span class={`copy-state ${state}`} role="status">
          {state === 'copied' ? '✓ copied' : 'could not copy: select the text and copy it by hand'}
        </span>
      )}
    </span>
  );
}
