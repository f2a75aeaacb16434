/** The SDK's `node:crypto` import, answered by the browser's Web Crypto (the console runs on localhost or https). */
export const randomUUID = (): string => globalThis.crypto.randomUUID();
