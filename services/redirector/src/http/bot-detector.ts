import { isbot } from 'isbot';

const MEMO_LIMIT = 5_000;

/**
 * isbot's pattern list (link previewers, crawlers, HTTP libraries), memoised per user agent: real traffic
 * repeats a few thousand agents, and the memo is cleared when full rather than grown without bound.
 */
export function createBotDetector(): (ua: string) => boolean {
  const memo = new Map<string, boolean>();
  return (ua) => {
    const known = memo.get(ua);
    if (known !== undefined) return known;
    const bot = ua === '' || isbot(ua);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(ua, bot);
    return bot;
  };
}
