/** The game play path of spec §2: `/platform/game/{sysname or custom/{x}}/{mode}`, mode defaulting to play. */
/** `sysname[/mode]` or `custom/x[/mode]` → the sysname and the mode. */
export const parsePlayPath = (splat: string) => {
  const parts = splat.split('/').filter(Boolean);
  const custom = parts[0] === 'custom';
  const sysname = custom ? parts[1] : parts[0];
  const mode = (custom ? parts[2] : parts[1]) ?? 'play';
  const extra = parts.length > (custom ? 3 : 2);
  if (!sysname || extra || !/^[\w-]+$/.test(sysname) || !['play', 'real', 'demo'].includes(mode)) return null;
  return { sysname, mode: mode as 'play' | 'real' | 'demo', custom };
};
