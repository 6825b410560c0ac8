/** The GraphQL documents of github.update_project_item_status, in GitHub's own schema names. */

const ITEMS =
  'projectItems(first: 100, after: $after) { nodes { id project { id } } pageInfo { hasNextPage endCursor } }';

export const BY_NAMES = `query($owner: String!, $number: Int!, $field: String!, $repoOwner: String!, $repo: String!, $issue: Int!, $after: String) {
  repositoryOwner(login: $owner) {
    login
    ... on ProjectV2Owner {
      projectV2(number: $number) {
        id title
        field(name: $field) { __typename ... on ProjectV2SingleSelectField { id name options { id name } } }
      }
    }
  }
  repository(owner: $repoOwner, name: $repo) {
    issueOrPullRequest(number: $issue) {
      __typename
      ... on Issue { id ${ITEMS} }
      ... on PullRequest { id ${ITEMS} }
    }
  }
}`;

export const MORE_ITEMS = `query($id: ID!, $after: String) {
  node(id: $id) { ... on Issue { ${ITEMS} } ... on PullRequest { ${ITEMS} } }
}`;

export const BY_IDS = `query($fieldId: ID!, $itemId: ID!) {
  field: node(id: $fieldId) {
    __typename
    ... on ProjectV2FieldCommon { name }
    ... on ProjectV2SingleSelectField { id name project { id } options { id name } }
  }
  item: node(id: $itemId) { __typename ... on ProjectV2Item { id project { id } } }
}`;

export const ADD_ITEM = `mutation($projectId: ID!, $contentId: ID!) {
  addProjectV2ItemById(input: { projectId: $projectId, contentId: $contentId }) { item { id } }
}`;

export const SET_OPTION = `mutation($projectId: ID!, $itemId: ID!, $fieldId: ID!, $optionId: String!) {
  updateProjectV2ItemFieldValue(
    input: { projectId: $projectId, itemId: $itemId, fieldId: $fieldId, value: { singleSelectOptionId: $optionId } }
  ) { projectV2Item { id } }
}`;
