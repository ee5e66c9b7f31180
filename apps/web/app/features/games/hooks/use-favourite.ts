/** Spec §4 favourites toggle: add or remove (optimistic), then reload the list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/browser';
import { GAMES_CALLS, likesQuery, likesQueryKey } from '../api/games-api';

type TLikes = { sysnames: string[] };

export const toggledLikes = (likes: TLikes | undefined, sysname: string, add: boolean): TLikes => {
  const list = (likes?.sysnames ?? []).filter((s) => s !== sysname);
  return { sysnames: add ? [sysname, ...list] : list };
};

export const useFavourite = (sysname: string, signedIn: boolean) => {
  const queryClient = useQueryClient();
  const likes = useQuery(likesQuery(signedIn));
  const isFavourite = likes.data?.sysnames.includes(sysname) ?? false;
  const mutation = useMutation({
    mutationFn: (add: boolean) => api.call(add ? GAMES_CALLS.addLike : GAMES_CALLS.removeLike, { sysname }),
    onMutate: async (add) => {
      await queryClient.cancelQueries({ queryKey: likesQueryKey });
      const previous = queryClient.getQueryData<TLikes>(likesQueryKey);
      queryClient.setQueryData(likesQueryKey, toggledLikes(previous, sysname, add));
      return { previous };
    },
    onError: (_error, _add, context) => queryClient.setQueryData(likesQueryKey, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: likesQueryKey }),
  });
  return { isFavourite, toggle: () => mutation.mutate(!isFavourite), pending: mutation.isPending };
};
