/** A wait as a person or a model reads it: "45 s", "1 min 05 s", "2 h 03 min". */
export function waitText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3_600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3_600)} h ${String(Math.floor((s % 3_600) / 60)).padStart(2, '0')} min`;
}
