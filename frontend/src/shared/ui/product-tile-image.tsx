import { Box, Flex, type FlexProps, Image, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ProductCardResponse } from '@labelwise/domain/contracts';
import type { IconType } from 'react-icons';
import {
  LuApple,
  LuBeef,
  LuCarrot,
  LuCookie,
  LuCroissant,
  LuCupSoda,
  LuDroplet,
  LuEgg,
  LuFish,
  LuMilk,
  LuNut,
  LuShoppingBasket,
  LuWheat,
} from 'react-icons/lu';
import { foodKind, type FoodKind } from '../lib/product-category';

const KIND_ICON: Record<FoodKind, IconType> = {
  dairy: LuMilk,
  bakery: LuCroissant,
  cereal: LuWheat,
  nuts: LuNut,
  oil: LuDroplet,
  fruit: LuApple,
  vegetables: LuCarrot,
  drink: LuCupSoda,
  sweets: LuCookie,
  meat: LuBeef,
  fish: LuFish,
  eggs: LuEgg,
  other: LuShoppingBasket,
};

/** Open Food Facts images are CC BY-SA: each one shown says where it comes from. */
export const OFF_IMAGE_ATTRIBUTION = 'Photo: Open Food Facts (CC BY-SA)';

/**
 * The top of a product tile: the product's Open Food Facts photo with its attribution when it
 * has one (and it loads), else a drawing of its kind of food.
 */
export function ProductTileImage({
  product: { name, imageUrl, category },
}: {
  product: Pick<ProductCardResponse, 'name' | 'imageUrl' | 'category'>;
}) {
  const [failed, setFailed] = useState(false);
  if (imageUrl && !failed) {
    return (
      <Box>
        <Flex
          aspectRatio={16 / 10}
          bg="white"
          borderTopRadius="inherit"
          overflow="hidden"
          justifyContent="center"
        >
          <Image
            src={imageUrl}
            alt={`Photo of ${name}`}
            loading="lazy"
            decoding="async"
            referrerPolicy="no-referrer"
            objectFit="contain"
            height="full"
            onError={() => setFailed(true)}
          />
        </Flex>
        <Text textStyle="caption" paddingX="card" paddingTop="1" data-testid="image-attribution">
          {OFF_IMAGE_ATTRIBUTION}
        </Text>
      </Box>
    );
  }
  return <FoodKindDrawing name={name} category={category} borderTopRadius="inherit" />;
}

/** A drawing of the product's kind of food, where no photo is there to show. */
export function FoodKindDrawing({
  name,
  category,
  ...box
}: { name: string; category: string | null } & Omit<FlexProps, 'children'>) {
  const kind = foodKind(name, category);
  const Icon = KIND_ICON[kind];
  return (
    <Flex
      aspectRatio={16 / 10}
      bg="bg.muted"
      color="fg.subtle"
      alignItems="center"
      justifyContent="center"
      data-testid="image-placeholder"
      data-kind={kind}
      {...box}
    >
      <Icon size="40%" aria-hidden strokeWidth="1.25" />
    </Flex>
  );
}
