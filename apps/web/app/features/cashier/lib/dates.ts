/** Spec §9: dates dd.mm.yyyy, times H:mm (the player's local time). */
export const formatDate = (unixSeconds: number) => {
  const d = new Date(unixSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
};

export const formatTime = (unixSeconds: number) => {
  const d = new Date(unixSeconds * 1000);
  return `${d.getHours()}:${String(d.getMinutes()).padStart(2, '0')}`;
};

export const formatDateTime = (unixSeconds: number) =>
  `${formatDate(unixSeconds)} ${formatTime(unixSeconds)}`;
