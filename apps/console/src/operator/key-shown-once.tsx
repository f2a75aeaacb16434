import { useEffect, useRef, useState } from 'react';

/**
 * A new API key, shown this once: the API stores only its hash. Focus moves here so keyboard and screen reader users
 * meet the warning first; dismissing it drops the key from the page.
 */
export function KeyShownOnce({ apiKey, onDismiss }: { apiKey: string; onDismiss: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => box.current?.focus(), []);
  const copyKey = () =>
    navigator.clipboard.writeText(apiKey).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  return (
    <div className="secret" ref={box} tabIndex={-1} role="region" aria-labelledby="new-key-title">
      <h3 id="new-key-title">New API key, shown only this once</h3>
      <p>
        <strong>Copy it now and hand it to the tenant over a safe channel.</strong> Waymark keeps only its hash: it
        cannot show this key again. If it is lost, issue a new key and revoke this one.
      </p>
      <code data-testid="new-api-key">{apiKey}</code>
      <div className="actions">
        <button type="button" className="primary" onClick={() => void copyKey()}>
          {copy === 'copied' ? 'Copied' : 'Copy key'}
        </button>
        <button type="button" onClick={onDismiss}>
          I have stored it, hide the key
        </button>
      </div>
      <p role="status" className={copy === 'failed' ? 'state error' : 'hint'}>
        {copy === 'failed' && 'The browser refused the clipboard: select the key and copy it by hand.'}
        {copy === 'copied' && 'The key is on the clipboard.'}
      </p>
    </div>
  );
}
