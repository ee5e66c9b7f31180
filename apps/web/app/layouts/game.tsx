import { Outlet } from 'react-router';
import { useAccount } from '../features/account/use-account';
import { Header } from '../features/frame/header';

/** The game layout: the header and the game, full width, no footer and no chat badge. */
export default function GameLayout() {
  const account = useAccount();
  return (
    <div className="flex min-h-dvh flex-col">
      <Header account={account} />
      <main className="flex flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
