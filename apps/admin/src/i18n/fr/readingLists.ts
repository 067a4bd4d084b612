import type { Translation } from '../i18n-types.js';

const readingLists: Translation['readingLists'] = {
  title: 'Listes de lecture',
  intro:
    'Des livres de plusieurs séries dans l’ordre où vous les lisez. Vos listes ne sont qu’à vous, tant qu’un administrateur n’en partage pas une.',
  create: { title: 'Nouvelle liste', name: 'Nom', submit: 'Créer la liste', working: 'Création…' },
  list: { empty: 'Aucune liste de lecture pour l’instant.', progress: '{read} lus sur {total}', shared: 'Partagée' },
  detail: {
    continue: 'Continuer',
    delete: 'Supprimer la liste',
    deleted: 'La liste « {name} » a été supprimée.',
    empty: 'Cette liste ne contient aucun livre que vous pouvez ouvrir.',
    back: 'Toutes les listes de lecture',
    report: 'Rapport d’import',
    share: 'Partagée avec tout le monde',
    shared: 'Tout le monde voit maintenant « {name} ».',
    unshared: '« {name} » n’est de nouveau qu’à vous.',
  },
  import: {
    link: 'Importer une liste ComicRack (.cbl)',
    title: 'Importer une liste de lecture',
    intro:
      'Envoyez une liste de lecture ComicRack (.cbl, 20 Mo au plus). Chaque entrée est rapprochée d’un livre que vous pouvez ouvrir par le nom de la série, le numéro, le tome et l’année ; le rapport montre ce qui a été trouvé, ce qui peut être plusieurs livres et ce qui manque.',
    file: 'Le fichier .cbl',
    submit: 'Importer',
    working: 'Import…',
  },
  report: {
    title: 'Rapport d’import',
    counts: '{matched} trouvés, {ambiguous} à choisir, {missing} manquants',
    matchAgain: 'Rapprocher à nouveau',
    matchAgainHint: 'Après qu’un scan a ajouté des livres manquants.',
    volume: 'vol. {volume}',
    status: { matched: 'Trouvé', ambiguous: 'Plusieurs livres', missing: 'Manquant' },
    candidates: 'Le livre de {entry}',
    choose: 'Choisir',
  },
};

export default readingLists;
