import { useMemo } from 'react';
import type { KeyedMutator } from 'swr';
import {
  cardAdd,
  cardExpandToggle,
  cardLayout,
  cardRemove,
  cardSequence,
  cardUpdate,
  componentInstanceAdd,
  componentInstanceRemove,
  componentInstanceSequence,
  componentInstanceUpdate,
} from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import type {
  CardValue,
  ComponentConfigValue,
  ComponentInstanceValue,
  ComponentMasterValue,
  DynamicPageValue,
} from '../api/types.ts';
import { showFailure, showSuccess } from '../feedback/statusDialog.ts';
import { sortCards } from './gridLayout.ts';

export const NEW_CARD_NAME = 'New Card...';

type Page = DynamicPageValue;

function mapCard(page: Page, cardId: number, change: (card: CardValue) => CardValue): Page {
  return { ...page, cards: page.cards.map((card) => (card.cardMasterId === cardId ? change(card) : card)) };
}

function mapInstance(page: Page, instanceId: number, change: (instance: ComponentInstanceValue) => ComponentInstanceValue): Page {
  return {
    ...page,
    cards: page.cards.map((card) =>
      card.componentInstances.some((i) => i.componentInstanceId === instanceId)
        ? { ...card, componentInstances: card.componentInstances.map((i) => (i.componentInstanceId === instanceId ? change(i) : i)) }
        : card,
    ),
  };
}

/**
 * Card and component-instance changes on the open board; the page (SWR) is updated in place. One
 * object per version of the page, so the cards it did not change skip re-rendering.
 */
export function useCardActions(page: Page | undefined, mutate: KeyedMutator<Page>) {
  return useMemo(() => cardActions(page, mutate), [page, mutate]);
}

function cardActions(page: Page | undefined, mutate: KeyedMutator<Page>) {
  const boardMasterId = page?.board.boardMasterId ?? 0;
  const fail = (text: string, error: unknown) => showFailure(`${text} ${errorMessage(error)}`.trim());

  /**
   * Optimistic change (seed §4: card rename is optimistic and rolls back on error): apply `change`
   * at once, run `work`, and on failure put the page back as it was and tell the user.
   */
  const optimistic = async (change: (page: Page) => Page, work: () => Promise<unknown>, failure: string): Promise<boolean> => {
    const before = page;
    if (before) await mutate(change(before), { revalidate: false });
    try {
      await work();
      return true;
    } catch (error) {
      if (before) await mutate(before, { revalidate: false });
      fail(failure, error);
      return false;
    }
  };

  const refresh = () => mutate();

  return {
    refresh,
    /** Seed §4: above uses the card's order, below order + 1. */
    async addCard(displayOrder: number): Promise<CardValue | undefined> {
      try {
        const card = await api.call(cardAdd, { body: { boardMasterId, cardName: NEW_CARD_NAME, displayOrder: Math.max(0, displayOrder) } });
        await refresh();
        showSuccess('Card Added', 'Add Card');
        return card;
      } catch (error) {
        showFailure('Card count not be added', 'Add Card');
        console.error('Card could not be added', error);
        return undefined;
      }
    },
    renameCard(card: CardValue, cardName: string) {
      return optimistic(
        (p) => mapCard(p, card.cardMasterId, (c) => ({ ...c, cardName })),
        () => api.call(cardUpdate, { body: { boardMasterId, cardMasterId: card.cardMasterId, cardName, displayOrder: card.displayOrder } }),
        'The card could not be renamed.',
      );
    },
    toggleExpanded(card: CardValue) {
      const isExpanded = !card.isExpanded;
      return optimistic(
        (p) => mapCard(p, card.cardMasterId, (c) => ({ ...c, isExpanded })),
        () => api.call(cardExpandToggle, { params: { cardMasterId: card.cardMasterId, isExpanded } }),
        'The card could not be collapsed or expanded.',
      );
    },
    /** Seed §4: move up or down changes the sequence by 1 (and swaps grid positions when placed). */
    async moveCard(card: CardValue, delta: -1 | 1) {
      if (!page) return;
      const ordered = sortCards(page.cards);
      const index = ordered.findIndex((c) => c.cardMasterId === card.cardMasterId);
      const other = ordered[index + delta];
      if (index < 0 || !other) return;
      const swapped = ordered.map((c) => {
        if (c.cardMasterId === card.cardMasterId)
          return { ...c, displayOrder: other.displayOrder, layout: other.layout && c.layout ? { ...c.layout, x: other.layout.x, y: other.layout.y } : c.layout };
        if (c.cardMasterId === other.cardMasterId)
          return { ...c, displayOrder: card.displayOrder, layout: card.layout && c.layout ? { ...c.layout, x: card.layout.x, y: card.layout.y } : c.layout };
        return c;
      });
      await optimistic(
        (p) => ({ ...p, cards: swapped }),
        async () => {
          await api.call(cardSequence, { params: { cardMasterId: card.cardMasterId, sequence: index + delta } });
          const placed = swapped.filter((c) => c.layout);
          if (card.layout && other.layout)
            await api.call(cardLayout, { body: { boardMasterId, layouts: placed.map((c) => ({ cardMasterId: c.cardMasterId, ...c.layout! })) } });
        },
        'The card could not be moved.',
      );
      await refresh();
    },
    async removeCard(card: CardValue) {
      const ok = await optimistic(
        (p) => ({ ...p, cards: p.cards.filter((c) => c.cardMasterId !== card.cardMasterId) }),
        () => api.call(cardRemove, { params: { cardMasterId: card.cardMasterId } }),
        'The card could not be removed.',
      );
      if (ok) await refresh();
    },
    /** Saves grid positions (desktop only; the caller never calls this below 768 px). */
    saveLayout(layouts: { cardMasterId: number; x: number; y: number; w: number; h: number }[]) {
      const byId = new Map(layouts.map((l) => [l.cardMasterId, l]));
      return optimistic(
        (p) => ({
          ...p,
          cards: p.cards.map((c) => {
            const l = byId.get(c.cardMasterId);
            return l ? { ...c, layout: { x: l.x, y: l.y, w: l.w, h: l.h } } : c;
          }),
        }),
        () => api.call(cardLayout, { body: { boardMasterId, layouts } }),
        'The card layout could not be saved.',
      );
    },
    async addComponent(card: CardValue, master: ComponentMasterValue): Promise<ComponentInstanceValue | undefined> {
      try {
        const instance = await api.call(componentInstanceAdd, {
          body: { componentMasterId: master.id, cardMasterId: card.cardMasterId, componentInstanceName: master.displayName, configs: master.configs },
        });
        await mutate(
          (p) =>
            p && {
              ...mapCard(p, card.cardMasterId, (c) => ({ ...c, componentInstances: [...c.componentInstances, instance] })),
              components: p.components.some((m) => m.id === master.id) ? p.components : [...p.components, master],
            },
          { revalidate: false },
        );
        return instance;
      } catch (error) {
        fail('The component could not be added.', error);
        return undefined;
      }
    },
    renameInstance(instance: ComponentInstanceValue, componentInstanceName: string) {
      return optimistic(
        (p) => mapInstance(p, instance.componentInstanceId, (i) => ({ ...i, componentInstanceName })),
        () =>
          api.call(componentInstanceUpdate, {
            body: {
              componentInstanceId: instance.componentInstanceId,
              componentInstanceName,
              displayOrder: instance.displayOrder,
              cardMasterId: instance.cardMasterId,
              configs: instance.configs,
            },
          }),
        'The component could not be renamed.',
      );
    },
    /** Saves a configuration; the caller only calls it when it differs from the saved one. */
    async saveInstanceConfig(instance: ComponentInstanceValue, configs: ComponentConfigValue): Promise<void> {
      const saved = await api.call(componentInstanceUpdate, {
        body: {
          componentInstanceId: instance.componentInstanceId,
          componentInstanceName: instance.componentInstanceName,
          displayOrder: instance.displayOrder,
          cardMasterId: instance.cardMasterId,
          configs,
        },
      });
      await mutate((p) => p && mapInstance(p, instance.componentInstanceId, () => saved), { revalidate: false });
    },
    async removeInstance(instance: ComponentInstanceValue) {
      await optimistic(
        (p) => ({
          ...p,
          cards: p.cards.map((c) => ({ ...c, componentInstances: c.componentInstances.filter((i) => i.componentInstanceId !== instance.componentInstanceId) })),
        }),
        () => api.call(componentInstanceRemove, { params: { componentInstanceId: instance.componentInstanceId } }),
        'The component could not be removed.',
      );
    },
    async moveInstance(card: CardValue, instance: ComponentInstanceValue, delta: -1 | 1) {
      const ordered = [...card.componentInstances].sort((a, b) => a.displayOrder - b.displayOrder);
      const index = ordered.findIndex((i) => i.componentInstanceId === instance.componentInstanceId);
      const target = index + delta;
      if (index < 0 || target < 0 || target >= ordered.length) return;
      const next = [...ordered];
      const [moved] = next.splice(index, 1);
      next.splice(target, 0, moved!);
      await optimistic(
        (p) => mapCard(p, card.cardMasterId, (c) => ({ ...c, componentInstances: next.map((i, order) => ({ ...i, displayOrder: order })) })),
        () => api.call(componentInstanceSequence, { params: { componentInstanceId: instance.componentInstanceId, sequence: target } }),
        'The component could not be moved.',
      );
    },
  };
}

export type CardActions = ReturnType<typeof cardActions>;
