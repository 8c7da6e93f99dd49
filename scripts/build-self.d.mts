export function buildSelf(): Promise<void>;
