// A new token, shown this once (issue 16: with a button that copies the token alone, not its label). The
// page keeps the token in this browser; the notice says so, and that anyone who has it can act as its holder.
import { CopyButton } from '../copy';

export function TokenNotice({ notice, onDismiss }: { notice: string; onDismiss: () => void }) {
  return (
    <div class="notice" role="status">
      <p>
        <strong>Keep this token:</strong> <code data-testid="new-token">{notice}</code>{' '}
        <CopyButton text={tokenIn(notice)} label="Copy the token" testid="copy-token" />
      </p>
      <p>It is shown this once and kept in this browser. Anyone who has it can act as its holder.</p>
      <button type="button" class="quiet" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** The token in a "…'s token: nr_…" notice (the whole notice if it names none). */
export function tokenIn(notice: string): string {
  return /nr_[A-Za-z0-9_-]+/.exec(notice)?.[0] ?? notice;
}
