import { Outlet } from 'react-router';

/** The empty layout: the embedding frame's forms, maintenance and forbidden. */
export default function EmptyLayout() {
  return (
    <main className="min-h-dvh bg-[var(--bg)]">
      <Outlet />
    </main>
  );
}
