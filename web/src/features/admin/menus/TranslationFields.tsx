import { TextField } from '@clinic/ui-kit';
import { useId } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { FormGrid, Muted, TextAreaField } from '../shared/admin-ui';
import type { FieldErrors } from '../shared/form-errors';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../shared/types';
import { LANGUAGE_KEY, TRANSLATION_NAME_MAX, translationLabel, type TranslationForm, type TranslationsForm } from './translations';

const Section = styled.section`
  display: grid;
  gap: var(--space-3);
  min-width: 0;

  h3 {
    margin: 0;
    font-size: var(--font-size-md);
  }
`;

/** A bordered group of fields with its legend: a menu's task, a language's texts. */
export const FieldBox = styled.fieldset`
  margin: 0;
  padding: var(--space-3) var(--space-4) var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  display: grid;
  gap: var(--space-3);
  min-width: 0;

  legend {
    padding: 0 var(--space-1);
    font-weight: 700;
  }
`;

export interface TranslationFieldsProps {
  /** Menus: name, description and 来院前のご案内 per language; categories: the names only. */
  kind: 'menu' | 'category';
  value: TranslationsForm;
  onChange: (value: TranslationsForm) => void;
  errors: FieldErrors;
}

/** The English and Chinese texts of a menu or category (the admin screens themselves stay Japanese). */
export function TranslationFields({ kind, value, onChange, errors }: TranslationFieldsProps) {
  const t = useT();
  const titleId = useId();
  const setText = (language: TranslatedLanguage, field: keyof TranslationForm, text: string) =>
    onChange({ ...value, [language]: { ...value[language], [field]: text } });
  const error = (language: TranslatedLanguage, field: keyof TranslationForm) => errors[`translations.${language}.${field}`];
  const nameField = (language: TranslatedLanguage) => (
    <TextField
      key={`${language}-name`}
      label={translationLabel(t, language, 'name')}
      value={value[language].name}
      onChange={(text) => setText(language, 'name', text)}
      maxLength={TRANSLATION_NAME_MAX[kind]}
      isInvalid={Boolean(error(language, 'name'))}
      errorMessage={error(language, 'name')}
    />
  );

  if (kind === 'category') {
    return (
      <Section aria-labelledby={titleId}>
        <h3 id={titleId}>{t('adminSetup.translations.title')}</h3>
        <Muted>{t('adminSetup.translations.categoryHelp')}</Muted>
        <FormGrid>{TRANSLATED_LANGUAGES.map(nameField)}</FormGrid>
      </Section>
    );
  }

  return (
    <Section aria-labelledby={titleId}>
      <h3 id={titleId}>{t('adminSetup.translations.title')}</h3>
      <Muted>{t('adminSetup.translations.help')}</Muted>
      {TRANSLATED_LANGUAGES.map((language) => (
        <FieldBox key={language}>
          <legend>{t(`adminSetup.translations.${LANGUAGE_KEY[language]}.legend`)}</legend>
          {nameField(language)}
          <TextAreaField
            label={translationLabel(t, language, 'description')}
            value={value[language].description}
            onChange={(text) => setText(language, 'description', text)}
            requiredLabel={t('adminSetup.common.requiredMark')}
          />
          <TextAreaField
            label={translationLabel(t, language, 'preVisitNote')}
            value={value[language].preVisitNote}
            onChange={(text) => setText(language, 'preVisitNote', text)}
            isInvalid={Boolean(error(language, 'preVisitNote'))}
            errorMessage={error(language, 'preVisitNote')}
            requiredLabel={t('adminSetup.common.requiredMark')}
          />
        </FieldBox>
      ))}
    </Section>
  );
}
