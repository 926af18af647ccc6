import type { Article } from './schemas';

/** Educational articles written by the Labelwise team. Paragraphs are separated by blank lines. */
export const articlesData: Article[] = [
  {
    id: 1,
    title: 'The NOVA groups: how processed is your food?',
    summary:
      'Nutrition labels tell you what is in a food; NOVA tells you what was done to it. Here is how the four groups work and why group 4 matters.',
    imageUrl: '/articles/nova-groups.svg',
    category: 'Processing',
    content: `Most food is processed in some way. Milk is pasteurised, oats are rolled, beans are dried. So "processed" on its own tells you very little. The NOVA system, developed by nutrition researchers at the University of São Paulo, sorts foods by the extent and purpose of the processing they went through rather than by their nutrients. It has four groups, and Labelwise uses them to describe how processed a product is.

Group 1 is unprocessed or minimally processed food: fruit, vegetables, eggs, meat, fish, milk, plain yoghurt, grains, pulses, nuts and seeds. Minimal processing means things like washing, drying, freezing, grinding, roasting or pasteurising, done to make the food last longer or easier to cook, without adding anything to it. A bag of frozen peas or a tin of chickpeas in water is still group 1.

Group 2 is processed culinary ingredients: the things you cook group 1 foods with. Oils, butter, sugar, honey, salt and vinegar are extracted or refined from natural foods and are rarely eaten on their own. You would not sit down to a bowl of olive oil, but you would use it to roast vegetables.

Group 3 is processed food: group 1 foods with group 2 ingredients added, made with methods you could use at home. Think of freshly baked bread made from flour, water, salt and yeast, cheese, tinned fish in oil, salted nuts, fruit in syrup or smoked ham. These foods usually have two or three ingredients and are still recognisable as versions of the original food.

Group 4 is ultra-processed food. These are industrial formulations made mostly from substances extracted from foods (starches, sugars, fats, protein isolates) or synthesised in labs, put together with additives that make them look, taste and feel appealing: flavourings, colours, emulsifiers, sweeteners, thickeners. Fizzy drinks, packaged snacks, most breakfast cereals, instant noodles, reconstituted meat products and many supermarket breads are typical examples. A useful rule of thumb: if the ingredient list contains something you would never find in a home kitchen, such as maltodextrin, invert sugar, hydrolysed protein or mono- and diglycerides, it is probably group 4.

Why does this matter? Large studies in several countries link diets high in ultra-processed food with a higher risk of obesity, type 2 diabetes, heart disease and early death. A controlled trial at the US National Institutes of Health found that people offered ultra-processed meals ate about 500 more calories a day than when offered minimally processed meals with the same available sugar, fat and fibre, and gained weight. Researchers still debate exactly why, but soft textures that are eaten quickly, high energy density and engineered flavour are leading explanations.

Labelwise maps NOVA onto three processing levels. Minimal covers groups 1 and 2, moderate corresponds to group 3, and high means ultra-processed. When you scan a product we look for the same kind of markers NOVA uses, so a high processing level is your cue to check the ingredient list and ask whether a less processed alternative would do.

None of this means you must never eat group 4 food. It means the bulk of your diet is better built from groups 1 and 3, with group 2 ingredients used to cook it, and ultra-processed products kept for convenience rather than as the default.`,
  },
  {
    id: 2,
    title: 'Hidden sugars: the many names on the label',
    summary:
      'Sugar hides behind more than fifty names. Learn to spot them, why manufacturers split them up, and how much is too much.',
    imageUrl: '/articles/hidden-sugars.svg',
    category: 'Sugar',
    content: `If you only look for the word "sugar" on an ingredient list you will miss most of it. Food makers use dozens of sugars, and because ingredients are listed in descending order of weight, using three different sugars instead of one lets each of them appear further down the list. A cereal whose first ingredient is oats may still be a third sugar once you add up the glucose syrup, the honey and the dextrose.

Here are the names to watch for. Anything ending in "-ose" is a sugar: glucose, fructose, sucrose, dextrose, maltose, lactose. Anything called a syrup is sugar: glucose syrup, corn syrup, high-fructose corn syrup, glucose-fructose syrup, golden syrup, rice syrup, maple syrup, agave syrup, invert sugar syrup. Concentrated fruit juice, fruit juice concentrate and evaporated cane juice are sugar with a healthier-sounding name. So are honey, molasses, treacle, coconut sugar, date syrup and malt extract.

Are "natural" sugars better? Your body handles the sugar in honey, agave or coconut sugar in almost the same way as table sugar. Health authorities count all of them as free sugars: sugars added to food, plus those in honey, syrups and fruit juices. The sugars naturally present inside whole fruit, vegetables and milk are not free sugars, because the fibre and structure of the food slow their absorption and fill you up.

The World Health Organization and the UK's Scientific Advisory Committee on Nutrition recommend that free sugars make up no more than 5 per cent of daily energy. For an adult that is about 30 grams a day, roughly seven teaspoons. For children aged 7 to 10 it is 24 grams, and 19 grams for children aged 4 to 6. A single can of regular cola contains about 35 grams, more than an adult's whole allowance.

High-fructose corn syrup deserves a special mention. It is made by converting corn starch into glucose and then turning part of the glucose into fructose. It is cheap, easy to mix into drinks and baked goods, and common in products from the United States. Large amounts of free fructose are processed almost entirely by the liver, and high intakes are linked to fatty liver disease and raised blood fats. Labelwise flags it as a concern when it appears.

How to use this when shopping: first, read the nutrition panel. "Of which sugars" above 22.5 grams per 100 grams is high; 5 grams or less is low. Second, scan the ingredient list for the names above and count how many different sugars there are. Three or more is a sign the recipe has been built around sweetness. Third, be wary of products that advertise "no added sugar" but list fruit juice concentrate, which is added sugar in everything but name.

Cutting back works best gradually. Taste buds adapt within a few weeks, and food that once tasted normal starts to taste too sweet. Swapping flavoured yoghurt for plain yoghurt with fresh fruit, or a fizzy drink for sparkling water with a slice of lemon, removes more sugar than any amount of label reading.`,
  },
  {
    id: 3,
    title: 'E-numbers explained',
    summary:
      'E-numbers are codes for approved food additives. Some are harmless vitamins, a few deserve caution. Here is how to tell them apart.',
    imageUrl: '/articles/e-numbers.svg',
    category: 'Additives',
    content: `An E-number is a code given to a food additive that has been assessed and approved for use in the European Union and the UK. The "E" stands for Europe. Having an E-number does not make an additive dangerous; it means the additive has been evaluated, given a name and a code, and limited to certain foods and amounts. The same codes, without the E, are used internationally under the Codex Alimentarius system.

The numbers are grouped by function. E100 to E199 are colours, such as E100 curcumin from turmeric or E102 tartrazine. E200 to E299 are preservatives, for example E202 potassium sorbate or E211 sodium benzoate. E300 to E399 are antioxidants and acidity regulators: E300 is ascorbic acid, better known as vitamin C, and E330 is citric acid, found naturally in lemons. E400 to E499 are thickeners, stabilisers and emulsifiers, like E322 lecithin and E415 xanthan gum. E500 to E599 are acidity regulators and anti-caking agents, E600 to E699 are flavour enhancers such as E621 monosodium glutamate, and E900 onwards covers glazing agents, gases and sweeteners such as E951 aspartame.

Many additives are harmless or even familiar. E300 is vitamin C, E160a is beta-carotene from carrots, E440 is pectin from apples, E500 is bicarbonate of soda. A label full of E-numbers is not automatically worse than one that spells the same additives out in words; some manufacturers use names precisely because E-numbers have a bad reputation.

A smaller number of additives deserve more caution. In 2007 a study at the University of Southampton found that a mix of six artificial colours, together with the preservative sodium benzoate, increased hyperactive behaviour in some children. Since then, foods in the EU containing E102, E104, E110, E122, E124 or E129 must carry the warning "may have an adverse effect on activity and attention in children". Sulphites (E220 to E228) can trigger asthma attacks in sensitive people. Sodium nitrite (E250), used to cure bacon and ham, forms nitrosamines that contribute to the cancer risk of processed meat. Titanium dioxide (E171) was banned in the EU in 2022 after experts could no longer rule out damage to DNA.

Labelwise grades additives as low, medium or high concern. We start from the risk assessments of the European Food Safety Authority: where EFSA found that some people may exceed the safe daily intake, the additive is graded high; where it found a moderate risk, medium. Additives that the French food agency ANSES lists for closer study are at least medium. A short list of additives is graded high regardless, because of the evidence above. You can see the reason for every grade when you tap a concern.

There is another reason to notice additives even when each one is safe: they are a good marker of ultra-processed food. Emulsifiers, flavour enhancers, thickeners and sweeteners are used to make industrial recipes work. That is why Labelwise counts them, and why five or more additives on one label pushes a product to a high processing level. Finally, remember the dose. An additive approved for a sweet eaten once a week is not the same exposure as one in a drink you have every day.`,
  },
  {
    id: 4,
    title: 'Palm oil: why it is everywhere and what to look for',
    summary:
      'Palm oil is in about half of packaged supermarket products. Here is why manufacturers love it, what it means for health and forests, and how to spot it.',
    imageUrl: '/articles/palm-oil.svg',
    category: 'Ingredients',
    content: `Palm oil comes from the fruit of the oil palm, a tree native to West Africa and now grown mostly in Indonesia and Malaysia. It is the most widely produced vegetable oil in the world, and it turns up in roughly half of the packaged products in a supermarket: biscuits, chocolate spreads, margarine, crisps, instant noodles, pizza dough and ice cream, as well as soap and shampoo.

Manufacturers like it for good reasons. The oil palm yields far more oil per hectare than soybeans, rapeseed or sunflowers, which makes it cheap. Palm oil is semi-solid at room temperature, giving biscuits snap and spreads a smooth texture without the trans fats of hydrogenated oils. It has little flavour and resists going rancid, so products last longer on the shelf.

From a health point of view, the concern is saturated fat. Palm oil is about 50 per cent saturated fat, compared with about 15 per cent for olive oil and 7 per cent for rapeseed oil. Diets high in saturated fat raise LDL cholesterol, a risk factor for heart disease. When palm oil is refined at high temperatures, contaminants called glycidyl esters can also form; EFSA has set strict limits on them, particularly for infant formula. A little palm oil in an occasional biscuit is not a health emergency, but it is a reliable sign of a heavily processed product.

The bigger story is environmental. Clearing tropical rainforest and draining peatland for plantations has been one of the main drivers of deforestation in South-East Asia, releasing large amounts of carbon dioxide and destroying the habitat of orangutans, tigers and elephants. Certification schemes such as the Roundtable on Sustainable Palm Oil (RSPO) aim to stop plantations expanding into forest. They have improved some practices, but their standards and enforcement are debated, and "mass balance" certified oil can be mixed with uncertified oil.

Spotting palm oil takes some attention. In the EU and UK the type of vegetable oil must be named, so look for "palm oil", "palm fat", "palm kernel oil" or "vegetable oil (palm)". In other countries it may hide behind "vegetable oil" or "vegetable fat" with no source given. Ingredients derived from palm oil include palm olein, palm stearin, palmitate and many emulsifiers such as mono- and diglycerides of fatty acids, which may come from palm or from other fats.

Labelwise flags palm oil as a medium concern, and if you switch on the No Palm Oil preference in your settings every scan will tell you when it appears. Be careful with the opposite trap: a product that simply swaps palm oil for coconut oil is no better for your heart, and swapping to soy or rapeseed can move the environmental problem rather than remove it. The most useful step is usually to choose fewer heavily processed products, which is where most palm oil ends up.`,
  },
  {
    id: 5,
    title: 'Sweeteners: what they are and how they compare',
    summary:
      'From aspartame to stevia to sugar alcohols, sweeteners cut calories but not all questions. A plain guide to the main types.',
    imageUrl: '/articles/sweeteners.svg',
    category: 'Sweeteners',
    content: `Sweeteners give food a sweet taste with few or no calories. They are used in diet drinks, sugar-free sweets, yoghurts, chewing gum and many products labelled "light" or "zero". Most people meet them without choosing to. There are three broad families, and they behave quite differently.

The first family is intense artificial sweeteners. These are hundreds of times sweeter than sugar, so tiny amounts are used. Aspartame (E951) is about 200 times sweeter than sugar and is found in most diet soft drinks. Sucralose (E955) is made from sugar by swapping some of its atoms for chlorine and is about 600 times sweeter. Acesulfame K (E950), saccharin (E954) and cyclamate (E952) are often used together with the others, because blends mask each one's aftertaste.

The second family is sweeteners from plants. Steviol glycosides (E960), extracted from the leaves of the stevia plant, are about 300 times sweeter than sugar. Thaumatin (E957) is a protein from a West African fruit. Although these are marketed as natural, the purified extracts sold in food are highly processed, and they are still additives with E-numbers.

The third family is sugar alcohols, or polyols: sorbitol (E420), maltitol (E965), xylitol (E967), erythritol (E968) and isomalt (E953). They are less sweet than sugar, provide some calories, and are common in sugar-free sweets and chewing gum because they do not cause tooth decay. Eaten in quantity they ferment in the gut, which is why sugar-free sweets carry the warning "excessive consumption may produce laxative effects".

Are sweeteners safe? Each one approved in the EU and UK has an acceptable daily intake, an amount that can be consumed every day for a lifetime without appreciable risk. For aspartame it is 40 milligrams per kilogram of body weight, the equivalent of well over ten cans of diet drink a day for an adult. In 2023 the International Agency for Research on Cancer classified aspartame as "possibly carcinogenic", the same category as aloe vera extract, based on limited evidence; the expert committee on additives kept the acceptable intake unchanged. People with the inherited condition phenylketonuria must avoid aspartame entirely, which is why labels say "contains a source of phenylalanine". Recent studies have also raised questions about erythritol and blood clotting, and about sweeteners changing gut bacteria. None of these findings is settled, but they are reasons for moderation rather than unlimited use.

Do sweeteners help with weight? Swapping sugary drinks for diet versions does reduce calories, and trials show modest weight benefits. The World Health Organization nevertheless advised in 2023 against relying on non-sugar sweeteners for weight control, because long-term observational studies did not show lasting benefits. The most reliable approach is to get used to less sweetness overall.

Labelwise flags aspartame as a high concern and other intense sweeteners as medium. Switch on the No Artificial Sweeteners preference and every scan will list any it finds. Sweeteners also count towards the ultra-processed markers we look for, because they are a sign of an industrial recipe.`,
  },
  {
    id: 6,
    title: 'How to read a food label in 60 seconds',
    summary:
      'A quick routine for any packet: where to look first, what the order of ingredients tells you, and which claims to ignore.',
    imageUrl: '/articles/reading-labels.svg',
    category: 'Label Reading',
    content: `Food packaging is designed to sell, and the most useful information is usually on the back in small print. With a simple routine you can judge most products in about a minute. Here is the one we use.

Start with the ingredient list, not the front of the pack. Ingredients are listed in descending order of weight at the time they were added, so the first three tell you what you are mostly eating. If sugar, a syrup or a refined flour is first, that is what the product is built on, whatever the picture shows. Percentages are required for ingredients named on the front, so "strawberry yoghurt" must tell you how much strawberry it contains; it is often less than ten per cent.

Next, look at the length and the vocabulary. A short list of things you recognise, such as tomatoes, olive oil, garlic and salt, usually means a minimally processed product. A long list with words you would never use at home, such as maltodextrin, hydrolysed protein, modified starch, flavourings, emulsifiers or colours, points to an ultra-processed product. This is exactly what the Labelwise processing level measures.

Count the sugars. Manufacturers can split sugar across several ingredients so that none of them comes first: glucose syrup, dextrose, honey and fruit juice concentrate are all sugar. Our article on hidden sugars lists the names to look for.

Check allergens and preferences. In the UK and EU the fourteen major allergens, including milk, eggs, cereals containing gluten, peanuts, tree nuts, soya, sesame, fish and celery, must be emphasised in the ingredient list, usually in bold. "May contain" statements are voluntary warnings about cross-contamination. Labelwise can alert you automatically for dairy, gluten, palm oil, sweeteners and, with Premium, nuts, soy, MSG and E-numbers.

Then turn to the nutrition panel and use the per 100 grams column to compare products fairly, because portion sizes are chosen by the manufacturer. As a guide, per 100 grams: more than 17.5 grams of fat, 5 grams of saturated fat, 22.5 grams of sugars or 1.5 grams of salt is high; 3 grams of fat, 1.5 grams of saturated fat, 5 grams of sugars or 0.3 grams of salt or less is low. Front-of-pack traffic lights in the UK use these same thresholds.

Finally, treat claims with suspicion. "Natural" has no strict legal meaning for most foods. "Made with wholegrain" can mean a small fraction of the flour. "No added sugar" says nothing about sugar from fruit juice concentrate or dried fruit. "Light" only means 30 per cent less of something than a comparable product, which might still be a lot. "High protein" snacks are often ordinary snacks with protein isolate added. Claims describe what the manufacturer wants you to notice; the ingredient list describes what you are buying.

With practice this takes less time than it took to read this article. And when you are in a hurry, scanning the label with Labelwise gives you the rating, the processing level and the concerns in one go, so you can decide with the facts in front of you.`,
  },
];
