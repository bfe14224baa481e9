// The forum-post box: a post in forum English, and what became of each of its sentences (accepted, rejected,
// not understood, no action), marked as earlier once anything happens after it.
import { useState } from 'preact/hooks';
import type { SentenceResult } from '../api';
import { api, ApiError, newKey } from '../api';
import { message } from '../message';

/** Each sentence's fate, in the words shown on its badge. */
const STATUS: Record<SentenceResult['status'], string> = {
  accepted: 'accepted',
  rejected: 'rejected',
  'not-understood': 'not understood',
  ignored: 'no action',
};

export function PostBox(props: {
  game: string;
  token: string;
  seq: number;
  example: string | null;
  onDone: () => void;
}) {
  const { game, token, onDone } = props;
  const [text, setText] = useState('');
  const [key, setKey] = useState(newKey);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<SentenceResult[] | null>(null);
  // The viewer's position once the post was acted on: anything later makes its results earlier ones.
  const [resultSeq, setResultSeq] = useState(Infinity);
  const [error, setError] = useState<string | null>(null);
  const stale = results !== null && props.seq > resultSeq;

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await api.post(game, token, text, key);
      setResults(res.sentences);
      setResultSeq(Infinity);
      setKey(newKey());
      onDone();
      void api.view(game, token).then(
        (v) => setResultSeq(v.seq),
        () => undefined,
      );
    } catch (err) {
      setError(message(err));
      if (!(err instanceof ApiError) || err.status !== 0) setKey(newKey());
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="post" aria-label="forum post" onSubmit={(e) => void submit(e)}>
      <h3>Post in forum English</h3>
      <label for="post-text">
        <span>{props.example ? `your post (e.g. “${props.example}”)` : 'your post'}</span>
        <textarea
          id="post-text"
          rows={3}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          required
        />
      </label>
      <button type="submit" disabled={busy || text.trim() === ''}>
        Post
      </button>
      {error && (
        <p class="outcome error" role="alert">
          {error}
        </p>
      )}
      {results && (
        <ol class={`sentences${stale ? ' stale' : ''}`} data-testid="sentences">
          {stale && (
            <li class="earlier">
              <span class="badge">earlier</span> what became of your last post, before the latest update:
            </li>
          )}
          {results.map((r, i) => (
            <li key={i} class={`sentence ${r.status}`}>
              <span class="badge">{STATUS[r.status] ?? r.status}</span> “{r.sentence}”
              {r.duplicate ? ' (already done)' : ''}
              {r.error && (
                <span class="why">
                  {' '}
                  — {r.error.message} ({r.error.code})
                </span>
              )}
              {r.nearest && <span class="why"> — did you mean: “{r.nearest}”?</span>}
            </li>
          ))}
        </ol>
      )}
    </form>
  );
}
