/** `/_icons`: the icon set on one page (svg-sprite layout). */
import type { MetaFunction } from 'react-router';
import { ICON_NAMES, Icon } from '../ui/icons';

export const meta: MetaFunction = () => [{ title: 'Icons' }, { name: 'robots', content: 'noindex' }];

export default function Icons() {
  return (
    <main className="grid grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-4 p-6">
      {ICON_NAMES.map((name) => (
        <figure key={name} className="flex flex-col items-center gap-2 text-xs">
          <Icon name={name} className="size-8" />
          <figcaption>{name}</figcaption>
        </figure>
      ))}
    </main>
  );
}
