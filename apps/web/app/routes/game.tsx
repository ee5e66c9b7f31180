/** The game page (game layout); the games feature fills the player in. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { PageShell } from '../features/page-shell/page-shell';
import { systemError } from '../lib/site/site.server';

export const loader = ({ params }: LoaderFunctionArgs) => {
  const sysname = params.sysname ?? '';
  if (!/^[\w-]+$/.test(sysname)) throw systemError('not-found-validation', 404);
  return { sysname };
};

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: `${data?.sysname ?? 'Game'} | Casino` },
];

export default function GameRoute() {
  const { sysname } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-[1600px] px-4">
      <PageShell title={sysname} empty="This game is not available yet." />
    </div>
  );
}
